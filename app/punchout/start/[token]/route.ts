import { otherMethods } from '@/lib/http';
import { punchoutNotice, redirectTo } from '@/lib/punchout/browser';
import { enterAtStartPage } from '@/lib/punchout/sessions';

/** The StartPage of a cXML setup answer: once, within 5 minutes, it opens the session in this browser. */
export async function GET(request: Request, { params }: RouteContext<'/punchout/start/[token]'>) {
  const { token } = await params;
  const browserToken = await enterAtStartPage(token);
  if (!browserToken)
    return punchoutNotice(
      410,
      'This punch-out link has expired or was already used. Open the catalogue again from your procurement system.',
    );
  return redirectTo(request, '/punchout', browserToken);
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

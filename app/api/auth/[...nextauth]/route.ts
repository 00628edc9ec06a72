import { NextRequest } from 'next/server';
import { handlers } from '@/lib/auth';
import { rememberSignedInDevice } from '@/lib/auth/device-sign-in';
import { errorResponse, otherMethods, readBoundedText } from '@/lib/http';

export const { GET } = handlers;

/**
 * Auth.js reads its callbacks' form bodies whole: the body is read here first, bounded like every other call's, and
 * handed on as text.
 */
export async function POST(request: NextRequest): Promise<Response> {
  let body: string;
  try {
    body = await readBoundedText(request);
  } catch (error) {
    return errorResponse(error);
  }
  const answer = await handlers.POST(
    new NextRequest(request.url, { method: 'POST', headers: request.headers, body }),
  );
  rememberSignedInDevice(request, body, answer);
  return answer;
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

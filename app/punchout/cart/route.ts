import { AppError } from '@/lib/errors';
import { otherMethods, readBoundedText } from '@/lib/http';
import { formSession, redirectTo } from '@/lib/punchout/browser';
import { setCartLine } from '@/lib/punchout/cart';

/**
 * The punch-out page's cart forms (they work without scripts): `toolId`, `quantity` and `mode` add or set; back to
 * the page, which shows the line, or names the tool and why it was refused.
 */
export async function POST(request: Request) {
  const session = await formSession(request);
  if (session instanceof Response) return session;
  const form = new URLSearchParams(await readBoundedText(request));
  const back = form.get('q') ? `/punchout?q=${encodeURIComponent(form.get('q')!)}` : '/punchout';
  try {
    await setCartLine(
      session,
      { toolId: form.get('toolId'), quantity: form.get('quantity') },
      form.get('mode') === 'set' ? 'set' : 'add',
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // The quantity the line would have had: what the page judges again to say why.
    const inCart = session.cart.find((line) => line.toolId === form.get('toolId'))?.quantity ?? 0;
    const typed = Number(form.get('quantity'));
    const wanted = form.get('mode') === 'set' ? typed : inCart + typed;
    const refused = new URLSearchParams({
      refused: form.get('toolId') ?? '',
      wanted: String(wanted),
    });
    return redirectTo(request, `${back}${back.includes('?') ? '&' : '?'}${refused}`);
  }
  return redirectTo(request, back);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

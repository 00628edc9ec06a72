import { clientRequest } from '@/lib/client-request';
import { idSchema } from '@/lib/validation/fields';

/*
 * A cart filled before signing in is named by this cookie alone: the random id of its guest_carts row, httpOnly (no
 * script reads it), SameSite=Lax, Secure over https, for 30 days from its last change. A forged or stale value names
 * no cart, and the next write opens a new one under a fresh id (never the value the browser sent).
 */

export const GUEST_CART_COOKIE = 'toolhaus-cart';
export const GUEST_CART_DAYS = 30;

/** The guest cart id a request's cookie carries, when it is one (a uuid); else null. */
export function guestCartIdOf(headers: Headers): string | null {
  const prefix = `${GUEST_CART_COOKIE}=`;
  const part = (headers.get('cookie') ?? '')
    .split(';')
    .map((piece) => piece.trim())
    .find((piece) => piece.startsWith(prefix));
  const value = part?.slice(prefix.length) ?? '';
  return idSchema.safeParse(value).success ? value : null;
}

const attributes = (headers: Headers) =>
  `Path=/; HttpOnly; SameSite=Lax${clientRequest(headers).protocol === 'https' ? '; Secure' : ''}`;

/** The Set-Cookie that keeps a guest cart for another 30 days. */
export const guestCartCookie = (headers: Headers, id: string) =>
  `${GUEST_CART_COOKIE}=${id}; Max-Age=${GUEST_CART_DAYS * 86_400}; ${attributes(headers)}`;

/** The Set-Cookie that forgets the guest cart (merged into the account, or gone). */
export const forgetGuestCartCookie = (headers: Headers) =>
  `${GUEST_CART_COOKIE}=; Max-Age=0; ${attributes(headers)}`;

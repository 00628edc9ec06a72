import { deviceCookieFor } from '@/lib/auth/device-cookie';
import { clientRequest } from '@/lib/client-request';
import { CREDENTIALS_CALLBACK_PATH } from '@/lib/auth/known-lock-refusal';
import { email as emailField } from '@/lib/validation/fields';

/**
 * After Auth.js answered a password sign-in: when the password was right (the answer sets a session cookie), the
 * device is remembered for that account (lib/auth/device-cookie.ts), so a stranger's flood never locks it out.
 */
export function rememberSignedInDevice(request: Request, body: string, answer: Response): void {
  const url = new URL(request.url);
  if (url.pathname !== CREDENTIALS_CALLBACK_PATH) return;
  const signedIn = answer.headers
    .getSetCookie()
    .some((cookie) => /^(__Secure-)?authjs\.session-token=[^;]+/.test(cookie));
  const email = emailField.safeParse(new URLSearchParams(body).get('email'));
  if (!signedIn || !email.success) return;
  const https = clientRequest(request.headers).protocol === 'https';
  answer.headers.append('Set-Cookie', deviceCookieFor(request.headers, email.data, https));
}

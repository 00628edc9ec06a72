// Photos through the upload route, as a browser's form sends them.
import sharp from 'sharp';
import * as uploadsRoute from '@/app/api/uploads/route';
import type { ErrorBody, TestUser } from './helpers';

/** POSTs a file as a browser's form would: multipart, field `file`. */
export async function upload(
  bytes: Uint8Array,
  user: TestUser | null,
  name = 'photo.jpg',
  type = 'image/jpeg',
) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  const headers: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};
  const response = await uploadsRoute.POST(
    new Request('http://localhost/api/uploads', { method: 'POST', body: form, headers }),
    undefined,
  );
  return { status: response.status, body: (await response.json()) as ErrorBody & { url: string } };
}

export const picture = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    [format]()
    .toBuffer();

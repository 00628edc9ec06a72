import { otherMethods, route } from '@/lib/http';
import { readPhoto } from '@/lib/uploads/store';

/**
 * A stored photo. Its address names one photo forever (a new photo gets a new one), so browsers and nginx keep it
 * for a year without asking again.
 */
export const GET = route<RouteContext<'/api/uploads/[id]'>>(async (_request, { params }) => {
  const photo = await readPhoto((await params).id);
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

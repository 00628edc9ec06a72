import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, route } from '@/lib/http';
import { startEnrolment } from '@/lib/two-factor';

/** A new secret and its QR code; two-factor stays off until POST /api/two-factor confirms it with a code. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await startEnrolment(actor), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route, SHARED_FOR_A_SECOND } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { addReview, listReviews } from '@/lib/reviews';
import { reviewSchema } from '@/lib/validation/reviews';

export const GET = route(async () =>
  Response.json(await listReviews(), { headers: SHARED_FOR_A_SECOND }),
);

export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, reviewSchema);
  const first = { call: 'POST /api/reviews', input, status: 201 };
  return respondOnce(request, actor, first, (db) => addReview(actor, input, db));
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

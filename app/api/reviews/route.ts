import { getActor, requireSignedIn } from '@/lib/auth/get-actor';
import { otherMethods, readBody, route } from '@/lib/http';
import { idempotencyKeyOf, idempotentResponse, runIdempotent } from '@/lib/idempotency';
import { addReview, listReviews } from '@/lib/reviews';
import { reviewSchema } from '@/lib/validation';

export const GET = route(async () => Response.json(await listReviews()));

export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const key = idempotencyKeyOf(request);
  const input = await readBody(request, reviewSchema);
  const result = await runIdempotent(
    actor,
    key,
    { call: 'POST /api/reviews', input },
    async (db) => ({
      status: 201,
      body: await addReview(actor, input, db),
    }),
  );
  return idempotentResponse(result);
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

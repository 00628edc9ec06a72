import { getActor } from '@/lib/auth/get-actor';
import { readBody, route, SHARED_FOR_A_SECOND } from '@/lib/http';
import { addReview, listReviews } from '@/lib/reviews';
import { reviewSchema } from '@/lib/validation';

export const GET = route(async () =>
  Response.json(await listReviews(), { headers: SHARED_FOR_A_SECOND }),
);

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const input = await readBody(request, reviewSchema);
  return Response.json(await addReview(actor, input), { status: 201 });
});

import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { addCartLines } from '@/lib/cart/quick-order';
import { otherMethods, readBody, route } from '@/lib/http';
import { cartLinesSchema } from '@/lib/validation/cart';

/** Quick order: `{ lines: [{ sku, quantity }] }` → `{ added, problems: [{ line, message }] }`. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, cartLinesSchema);
  return Response.json(await addCartLines(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');

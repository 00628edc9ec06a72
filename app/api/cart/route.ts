import { getActor } from '@/lib/auth/caller';
import { readCart } from '@/lib/cart/cart';
import { otherMethods, route } from '@/lib/http';

export const GET = route(async (request) => Response.json(await readCart(await getActor(request))));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

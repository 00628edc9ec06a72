import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { createApiKey, listApiKeys } from '@/lib/companies/api-keys';
import { otherMethods, readBody, route } from '@/lib/http';
import { apiKeyCreateSchema } from '@/lib/validation/api-keys';

/** (owners) The company's API keys, without their secrets. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await listApiKeys(actor));
});

/** (owners) `{ name, scopes, expiresInDays? }` → 201 the key with its secret `key`, shown this once. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, apiKeyCreateSchema);
  return Response.json(await createApiKey(actor, input), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');

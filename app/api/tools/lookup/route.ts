import { getActor, refuseUnfitApiKey } from '@/lib/auth/caller';
import { otherMethods, readQuery, route } from '@/lib/http';
import { lookUpTools } from '@/lib/tools/lookup';
import { toolLookupSchema } from '@/lib/validation/tools';

export const GET = route(async (request) => {
  await refuseUnfitApiKey(request);
  return Response.json(
    await lookUpTools(await getActor(request), readQuery(request, toolLookupSchema)),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');

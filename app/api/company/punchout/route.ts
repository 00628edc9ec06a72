import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { readPunchoutSettings, savePunchoutSettings } from '@/lib/companies/punchout';
import { otherMethods, readBody, route } from '@/lib/http';
import { punchoutSettingsSchema } from '@/lib/validation/punchout-settings';

/** (owners) The company's punch-out settings, without their secrets; `{ configured: false }` before the first save. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await readPunchoutSettings(actor));
});

/**
 * (owners) `{ cxmlDomain, cxmlIdentity, hookUrls }` → 201 with `sharedSecret` and `ociPassword` the first time (shown
 * this once), else 200 the settings.
 */
export const PUT = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, punchoutSettingsSchema);
  const { created, settings } = await savePunchoutSettings(actor, input);
  return Response.json(settings, { status: created ? 201 : 200 });
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');

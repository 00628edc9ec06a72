import { getDb } from '@/lib/db/client';
import { readBoundedText } from '@/lib/http';
import { ociCallSchema } from '@/lib/validation/punchout';
import { assertBuyerBelongs, companyOfOci } from './authenticate';
import { punchoutNotice, redirectTo } from './browser';
import { openSession } from './sessions';
import { CxmlError } from './status';

// OCI's entry: the user's browser brings the credentials and the HOOK_URL, so the session opens at once, provided the
// HOOK_URL is one the company listed: a cart is only ever sent where its owner said.

/** A listed HOOK_URL matches exactly, or as a prefix ending in `/` or `?` (SAP appends its own parameters). */
export function hookUrlAllowed(hookUrl: string, allowed: readonly string[]): boolean {
  return allowed.some(
    (entry) =>
      hookUrl === entry ||
      ((entry.endsWith('/') || entry.endsWith('?')) && hookUrl.startsWith(entry)),
  );
}

async function parametersOf(request: Request): Promise<URLSearchParams> {
  if (request.method === 'GET') return new URL(request.url).searchParams;
  const query = new URL(request.url).searchParams;
  const form = new URLSearchParams(await readBoundedText(request));
  for (const [name, value] of query) if (!form.has(name)) form.set(name, value);
  return form;
}

export async function openOciSession(request: Request): Promise<Response> {
  const parsed = ociCallSchema.safeParse(Object.fromEntries(await parametersOf(request)));
  if (!parsed.success) return punchoutNotice(400, parsed.error.issues[0]!.message);
  const { HOOK_URL, USERNAME, PASSWORD, '~TARGET': target } = parsed.data;
  const db = getDb();
  const settings = await companyOfOci(db, USERNAME, PASSWORD);
  if (!settings)
    return punchoutNotice(
      401,
      'The OCI user name or password is not that of a punch-out customer.',
    );
  if (!hookUrlAllowed(HOOK_URL, settings.hookUrls))
    return punchoutNotice(
      403,
      "HOOK_URL is not on the company's allow-list: an owner adds it on the company's Punch-out page.",
    );
  try {
    await assertBuyerBelongs(db, settings);
  } catch (error) {
    if (error instanceof CxmlError) return punchoutNotice(403, error.message);
    throw error;
  }
  const browserToken = await openSession(
    db,
    { settings, protocol: 'oci', returnUrl: HOOK_URL, returnTarget: target ?? '_top' },
    'browser',
  );
  return redirectTo(request, '/punchout', browserToken);
}

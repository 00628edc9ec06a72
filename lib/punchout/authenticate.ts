import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { membershipOf } from '@/lib/db/company-membership';
import { punchoutSettings, type PunchoutSettings } from '@/lib/db/schema';
import { secretMatches } from '@/lib/auth/punchout-secret';
import type { CxmlEnvelope } from './header';
import { CxmlError } from './status';

// Who a procurement system is: the company whose punch-out settings name one of its From credentials and whose
// SharedSecret it sent (cXML), or whose OCI user and password it gave. Both refusals read alike, so a caller can not
// learn which identities exist.

const REFUSED = 'The credentials are not those of a punch-out customer';

export async function companyOfCxml(
  db: Database,
  envelope: Pick<CxmlEnvelope, 'from' | 'sharedSecret'>,
): Promise<PunchoutSettings> {
  for (const credential of envelope.from) {
    const [settings] = await db
      .select()
      .from(punchoutSettings)
      .where(
        and(
          sql`lower(${punchoutSettings.cxmlDomain}) = lower(${credential.domain})`,
          eq(punchoutSettings.cxmlIdentity, credential.identity),
        ),
      );
    if (settings && secretMatches(envelope.sharedSecret, settings.sharedSecretHash))
      return settings;
  }
  throw new CxmlError(401, REFUSED);
}

export async function companyOfOci(
  db: Database,
  username: string,
  password: string,
): Promise<PunchoutSettings | null> {
  const [settings] = await db
    .select()
    .from(punchoutSettings)
    .where(eq(punchoutSettings.ociUsername, username));
  return settings && secretMatches(password, settings.ociPasswordHash) ? settings : null;
}

/**
 * Punch-out buys as the owner who set it up: should that account have left the company since, nothing is opened or
 * ordered until an owner saves the settings again.
 */
export async function assertBuyerBelongs(db: Database, settings: PunchoutSettings): Promise<void> {
  const member = await membershipOf(db, settings.buyerId);
  if (member?.companyId !== settings.companyId)
    throw new CxmlError(
      403,
      'Punch-out is not set up for this company any more: an owner must save its settings again',
    );
}

'use server';

import { getSessionActor } from '@/lib/auth/caller';
import { endAllSessions } from '@/lib/auth/sessions';
import { unauthorized } from '@/lib/errors';

/** "Sign out everywhere" on My Profile: every session cookie and token of the signed-in account stops working. */
export async function endMySessions(): Promise<void> {
  const actor = await getSessionActor();
  if (!actor) throw unauthorized();
  await endAllSessions(actor.userId);
}

import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import {
  punchoutSessions,
  tools,
  type PunchoutCartLine,
  type PunchoutSession,
  type PunchoutSettings,
} from '@/lib/db/schema';
import { hashPunchoutSecret } from '@/lib/auth/punchout-secret';
import type { Credential } from './header';
import type { PunchOutOperation } from './setup-request';

// A punch-out session's life: opened by the procurement system, entered once by the user's browser, browsed with its
// own cookie (never an account's sign-in: it can fill a cart and send it back, nothing else), ended by the transfer.

/** The StartPage link of a cXML setup answer is good for 5 minutes and one use. */
export const START_PAGE_MINUTES = 5;
/** Long enough to fill a large requisition; the procurement system opens a new session for the next one. */
export const SESSION_HOURS = 2;
export const PUNCHOUT_COOKIE = 'toolhaus_punchout';

const newToken = () => randomBytes(32).toString('base64url');

interface Opening {
  settings: PunchoutSettings;
  protocol: 'cxml' | 'oci';
  operation?: PunchOutOperation;
  buyerCookie?: string;
  buyerCredentials?: Credential[];
  returnUrl: string;
  returnTarget?: string;
  /** edit and inspect reopen a cart: SKUs and quantities */
  items?: Array<{ supplierPartId: string; quantity: number }>;
}

/** The cart a setup request reopens: lines of tools that still exist, by SKU. */
async function reopenedCart(db: Database, items: Opening['items']): Promise<PunchoutCartLine[]> {
  const lines: PunchoutCartLine[] = [];
  for (const item of items ?? []) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1) continue;
    const [tool] = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.sku, item.supplierPartId), isNull(tools.deletedAt)));
    if (tool && !lines.some((line) => line.toolId === tool.id))
      lines.push({ toolId: tool.id, quantity: item.quantity });
  }
  return lines;
}

/**
 * Opens a session; the answer is its token, once (the row keeps only the hash). cXML's waits at its StartPage for
 * the token (`startPage`); OCI's call came from the browser itself, so its token is the browser's cookie at once.
 */
export async function openSession(
  db: Database,
  opening: Opening,
  enters: 'startPage' | 'browser',
): Promise<string> {
  const token = newToken();
  await db.insert(punchoutSessions).values({
    companyId: opening.settings.companyId,
    buyerId: opening.settings.buyerId,
    protocol: opening.protocol,
    operation: opening.operation ?? 'create',
    buyerCookie: opening.buyerCookie ?? null,
    buyerCredentials: opening.buyerCredentials ?? null,
    returnUrl: opening.returnUrl,
    returnTarget: opening.returnTarget ?? null,
    cart: await reopenedCart(db, opening.items),
    ...(enters === 'startPage'
      ? {
          startTokenHash: hashPunchoutSecret(token),
          startExpiresAt: sql`now() + make_interval(mins => ${START_PAGE_MINUTES})`,
        }
      : { browserTokenHash: hashPunchoutSecret(token) }),
    expiresAt: sql`now() + make_interval(hours => ${SESSION_HOURS})`,
  });
  return token;
}

/**
 * The StartPage: one conditional UPDATE claims the link (so of two tabs, or a replayed link, one enters) while it is
 * fresh, and gives the session the browser's cookie. Null for a used, expired or unknown link.
 */
export async function enterAtStartPage(
  startToken: string,
  db: Database = getDb(),
): Promise<string | null> {
  const browserToken = newToken();
  const [entered] = await db
    .update(punchoutSessions)
    .set({ startTokenHash: null, browserTokenHash: hashPunchoutSecret(browserToken) })
    .where(
      and(
        eq(punchoutSessions.startTokenHash, hashPunchoutSecret(startToken)),
        gt(punchoutSessions.startExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: punchoutSessions.id });
  return entered ? browserToken : null;
}

/** The session a browser's cookie names, while it lasts and until its cart is transferred. */
export async function sessionOfCookie(
  db: Database,
  browserToken: string | undefined,
): Promise<PunchoutSession | null> {
  if (!browserToken) return null;
  const [session] = await db
    .select()
    .from(punchoutSessions)
    .where(
      and(
        eq(punchoutSessions.browserTokenHash, hashPunchoutSecret(browserToken)),
        gt(punchoutSessions.expiresAt, sql`now()`),
        isNull(punchoutSessions.transferredAt),
      ),
    );
  return session ?? null;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { punchoutRequisitions, punchoutSessions, type PunchoutSession } from '@/lib/db/schema';
import { AppError, badRequest, conflict } from '@/lib/errors';
import { pricedCart } from './cart';
import { punchOutOrderMessage, type PunchOutItem } from './messages';
import { ociFields } from './oci';

// "Transfer to procurement": the cart becomes a requisition the shop keeps (its prices are what a later purchase
// order is held to) and goes back to the procurement system as the form its protocol expects, which the browser
// posts there: cXML's `cxml-urlencoded` PunchOutOrderMessage to BrowserFormPost, or OCI's NEW_ITEM fields to HOOK_URL.

export interface TransferForm {
  action: string;
  /** the frame to post into (OCI's ~TARGET) */
  target: string | null;
  fields: Array<[string, string]>;
}

/** How the shop names itself in cXML: its host, as a DomainName credential. */
const shopCredential = (origin: string) => ({
  domain: 'DomainName',
  identity: new URL(origin).host,
});

/**
 * Ends the session with its cart: one conditional UPDATE marks it transferred (a double click transfers once), the
 * requisition is written in the same transaction, and the form is returned for the browser to post.
 */
export async function transferCart(
  session: PunchoutSession,
  origin: string,
  db: Database = getDb(),
): Promise<TransferForm> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(punchoutSessions)
      .set({ transferredAt: sql`now()` })
      .where(and(eq(punchoutSessions.id, session.id), isNull(punchoutSessions.transferredAt)))
      .returning();
    if (!claimed) throw conflict('This cart was already sent to your procurement system');
    const lines = await pricedCart(tx, claimed);
    if (lines.length === 0) throw badRequest('Your cart is empty');
    const refused = lines.filter((line) => line.problem);
    if (refused.length > 0) {
      throw new AppError(409, 'conflict', 'Some lines of your cart can not be ordered', undefined, {
        lines: refused.map((line) => ({ toolId: line.toolId, message: line.problem })),
      });
    }
    const [requisition] = await tx
      .insert(punchoutRequisitions)
      .values({
        sessionId: claimed.id,
        companyId: claimed.companyId,
        lines: lines.map(({ toolId, sku, quantity, unitPriceCents }) => ({
          toolId,
          sku,
          quantity,
          unitPriceCents,
        })),
      })
      .returning({ id: punchoutRequisitions.id });
    const items: PunchOutItem[] = lines.map((line) => ({
      quantity: line.quantity,
      supplierPartId: line.sku,
      supplierPartAuxiliaryId: requisition!.id,
      unitPriceCents: line.unitPriceCents,
      description: line.name,
      unitOfMeasure: line.unitOfMeasure,
      unspsc: line.unspsc,
    }));
    if (claimed.protocol === 'oci') {
      return {
        action: claimed.returnUrl,
        target: claimed.returnTarget,
        fields: [...ociFields(items), ['~OkCode', 'ADDI'], ['~CALLER', 'CTLG']],
      };
    }
    const shop = shopCredential(origin);
    const message = punchOutOrderMessage(
      {
        buyerCookie: claimed.buyerCookie ?? '',
        buyer: claimed.buyerCredentials ?? [],
        shop,
        items,
        operationAllowed: claimed.operation === 'inspect' ? 'inspect' : 'edit',
      },
      shop.identity,
    );
    return { action: claimed.returnUrl, target: null, fields: [['cxml-urlencoded', message]] };
  });
}

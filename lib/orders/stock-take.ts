import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { mailOutbox, tools, users } from '@/lib/db/schema';

/**
 * A CTE over `judged` (name, stock, min_quantity, taken) and `complete` (ok): each line that left its tool below its
 * minimum order queues a low-stock mail to every admin, once, in the statement that took the stock.
 */
export const lowStockMails = (origin: string) => sql`low_stock AS (
      -- The lines that left their tool below its minimum order: every admin hears of each once.
      INSERT INTO ${mailOutbox} (kind, recipient, data)
      SELECT 'low_stock', admins.email, jsonb_build_object(
        'product', judged.name, 'quantity', judged.stock - judged.taken, 'minQuantity', judged.min_quantity,
        'link', ${origin}::text || '/dashboard/manageproduct/' || judged.id)
      FROM judged, complete, ${users} admins
      WHERE complete.ok AND admins.role = 'admin'
        AND judged.stock - judged.taken < judged.min_quantity AND judged.stock >= judged.min_quantity
    )`;

/**
 * Takes the stock of a placed document's lines, as the last statement of its transaction: the document, its lines,
 * history and mail are written first without holding any tool, so that buyers of the same tools queue only for this
 * statement and the commit after it, not for everything a checkout writes.
 *
 * One statement: the lines' tools locked in id order (so that checkouts over the same tools queue instead of
 * deadlocking), every line judged against the stock it locked (the tool still sold, enough pieces, the minimum order
 * met), and only when every line passes the stock taken and the admins told of each tool that fell below its minimum
 * order. Answers whether it was taken; when it was not, nothing was changed and the caller rolls back.
 */
export async function takeStock(
  tx: Database,
  lines: readonly { toolId: string; quantity: number }[],
  origin: string,
): Promise<boolean> {
  const wanted = JSON.stringify(
    lines.map((line) => ({ tool_id: line.toolId, quantity: line.quantity })),
  );
  const [outcome] = await queryRows<{ taken: boolean }>(
    tx,
    sql`
    WITH wanted AS (
      SELECT * FROM jsonb_to_recordset(${wanted}::jsonb) AS w(tool_id uuid, quantity int)
    ), locked AS MATERIALIZED (
      SELECT id, name, quantity, min_quantity, deleted_at FROM ${tools}
      WHERE id IN (SELECT tool_id FROM wanted)
      ORDER BY id FOR NO KEY UPDATE
    ), judged AS (
      SELECT locked.id, locked.name, locked.quantity AS stock, locked.min_quantity, wanted.quantity AS taken,
             locked.deleted_at IS NULL AND locked.quantity >= wanted.quantity
               AND locked.min_quantity <= wanted.quantity AS fits
      FROM locked JOIN wanted ON wanted.tool_id = locked.id
    ), complete AS (
      SELECT count(*) FILTER (WHERE fits) = (SELECT count(*) FROM wanted) AS ok FROM judged
    ), taken AS (
      UPDATE ${tools} SET quantity = ${tools.quantity} - judged.taken, updated_at = now()
      FROM judged, complete WHERE ${tools.id} = judged.id AND complete.ok
      RETURNING ${tools.id}
    ), ${lowStockMails(origin)}
    SELECT (SELECT count(*) FROM taken) = (SELECT count(*) FROM wanted) AS taken`,
  );
  return outcome?.taken === true;
}

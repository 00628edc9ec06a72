import { asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { preparedPerDatabase } from '@/lib/db/prepared-statements';
import { payments, type Payment } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import type { PaymentDto } from '@/lib/types';

// The ledger of an order's money. Every movement is a row written in the transaction of the change;
// what is due and what is owed back are sums over it, never a flag.

type Movement = Pick<Payment, 'kind' | 'amountCents' | 'reference'> &
  Partial<Pick<Payment, 'invoiceId' | 'paidOn' | 'recordedBy'>>;

/** Writes one movement; answers false for a card payment the ledger holds already (its gateway id is unique). */
export async function recordMovement(
  tx: Database,
  checkoutId: string,
  movement: Movement,
): Promise<boolean> {
  const written = await tx
    .insert(payments)
    .values({ checkoutId, ...movement })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return written.length > 0;
}

/** An order's movements in the order they were written. */
const movementsOf = (db: Database, checkoutId: string | Placeholder) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt), asc(payments.id));

export async function ledgerOf(db: Database, checkoutId: string): Promise<Payment[]> {
  return movementsOf(db, checkoutId);
}

// Prepared: every checkout read has it (a buyer's payment page reads the checkout again while it waits).
const checkoutLedgerStatement = preparedPerDatabase('checkout_ledger', (db: Database, name) =>
  movementsOf(db, sql.placeholder('checkoutId')).prepare(name),
);

/** ledgerOf for a read outside a transaction (the pool's prepared statement). */
export const readLedger = (db: Database, checkoutId: string): Promise<Payment[]> =>
  checkoutLedgerStatement(db).execute({ checkoutId });

const sumOf = (ledger: readonly Payment[], kinds: readonly Payment['kind'][]) =>
  ledger.reduce((sum, row) => (kinds.includes(row.kind) ? sum + row.amountCents : sum), 0);

/** Received and written off, less what is already owed back, against the total: above it is an excess. */
const balanceCents = (totalCents: number, ledger: readonly Payment[]) =>
  sumOf(ledger, ['card', 'transfer', 'credit_note']) - sumOf(ledger, ['refund_owed']) - totalCents;

/** What the buyer still owes on an order of this total. */
export const dueCents = (totalCents: number, ledger: readonly Payment[]) =>
  Math.max(0, -balanceCents(totalCents, ledger));

/** What the shop owes back and has not paid back yet. */
export const refundOwedCents = (ledger: readonly Payment[]) =>
  sumOf(ledger, ['refund_owed']) - sumOf(ledger, ['refund_paid']);

/**
 * Records as owed back whatever the ledger holds beyond the total (a card that succeeded after a transfer was
 * recorded, a part-paid order cancelled); answers the amount newly owed. Runs in the transaction of the movement,
 * after the payee's invoice (or order) row is locked, so two movements at once count each other.
 */
export async function recordExcess(
  tx: Database,
  checkoutId: string,
  totalCents: number,
  reference: string,
): Promise<number> {
  const excess = balanceCents(totalCents, await ledgerOf(tx, checkoutId));
  if (excess <= 0) return 0;
  await recordMovement(tx, checkoutId, { kind: 'refund_owed', amountCents: excess, reference });
  return excess;
}

/** What the ledger of an order had received (card and transfers), for a cancellation's question. */
export async function receivedCents(db: Database, checkoutId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::float8` })
    .from(payments)
    .where(
      sql`${payments.checkoutId} = ${checkoutId} AND ${payments.kind} IN ('card', 'transfer')`,
    );
  return row?.cents ?? 0;
}

export const toPaymentDto = (row: Payment): PaymentDto => ({
  kind: row.kind,
  amount: toDollars(row.amountCents),
  reference: row.reference,
  at: row.createdAt.toISOString(),
});

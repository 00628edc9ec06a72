import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { creditTerms, invoices, users } from '@/lib/db/schema';
import { AppError, forbidden, notFound } from '@/lib/errors';
import { formatUsd } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import { idSchema } from '@/lib/validation/fields';
import { termsSchema, type TermsInput } from '@/lib/validation/invoices';

/** What is still unpaid on an account's open invoices (cents), as SQL. */
const openBalance = (userId: string) => sql`(
  SELECT coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}), 0)::float8 FROM ${invoices}
  WHERE ${invoices.userId} = ${userId} AND ${invoices.kind} = 'invoice' AND ${invoices.status} = 'open')`;

/** An admin grants an account net terms (15, 30 or 60 days and a credit limit in dollars), or removes them. */
export async function setTerms(
  actor: Actor | null,
  userId: string,
  input: TermsInput,
  db: Database = getDb(),
): Promise<{ acknowledged: true; netDays: number | null; creditLimit: number | null }> {
  const admin = requireAdmin(actor);
  const { netDays, creditLimit } = termsSchema.parse(input);
  if (!idSchema.safeParse(userId).success) throw notFound('User not found');
  const creditLimitCents = netDays === null ? null : toCents(creditLimit!);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        email: users.email,
        netDays: creditTerms.netDays,
        limit: creditTerms.creditLimitCents,
      })
      .from(users)
      .leftJoin(creditTerms, eq(creditTerms.userId, users.id))
      .where(eq(users.id, userId));
    if (!account) throw notFound('User not found');
    if (netDays === null) {
      await tx.delete(creditTerms).where(eq(creditTerms.userId, userId));
    } else {
      await tx
        .insert(creditTerms)
        .values({ userId, netDays, creditLimitCents: creditLimitCents! })
        .onConflictDoUpdate({
          target: creditTerms.userId,
          set: { netDays, creditLimitCents: creditLimitCents!, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, {
      actor: admin,
      action: 'terms.grant',
      target: `user ${account.email}`,
      before: {
        netDays: account.netDays,
        creditLimit: account.limit === null ? null : toDollars(account.limit),
      },
      after: {
        netDays,
        creditLimit: creditLimitCents === null ? null : toDollars(creditLimitCents),
      },
    });
  });
  return {
    acknowledged: true,
    netDays,
    creditLimit: creditLimitCents === null ? null : toDollars(creditLimitCents),
  };
}

/** An account's terms and what is left of its credit, or null without terms. */
export async function creditOf(
  db: Database,
  userId: string,
  lock = false,
): Promise<{ netDays: number; creditLimitCents: number; remainingCents: number } | null> {
  const [row] = await queryRows<{ net_days: number; limit_cents: number; open_cents: number }>(
    db,
    sql`SELECT ${creditTerms.netDays} AS net_days, ${creditTerms.creditLimitCents}::float8 AS limit_cents,
          ${openBalance(userId)} AS open_cents
        FROM ${creditTerms} WHERE ${creditTerms.userId} = ${userId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return null;
  return {
    netDays: row.net_days,
    creditLimitCents: row.limit_cents,
    remainingCents: Math.max(0, row.limit_cents - row.open_cents),
  };
}

/**
 * The terms a checkout on invoice is placed under, checked and held in its transaction: the account's row is locked
 * by the checkout already, and the terms' row here, so the open balance read is the one the new invoice adds to.
 */
export async function holdTerms(tx: Database, userId: string): Promise<{ netDays: number }> {
  const credit = await creditOf(tx, userId, true);
  if (!credit) throw forbidden('This account can not pay by invoice');
  return credit;
}

/** Refuses a checkout on terms that would take the open invoices past the credit limit: 409 with what is left. */
export async function assertCredit(tx: Database, userId: string, totalCents: number) {
  const [row] = await queryRows<{ fits: boolean; remaining: number }>(
    tx,
    sql`SELECT ${openBalance(userId)} + ${totalCents} <= ${creditTerms.creditLimitCents} AS fits,
          greatest(0, ${creditTerms.creditLimitCents} - ${openBalance(userId)}) AS remaining
        FROM ${creditTerms} WHERE ${creditTerms.userId} = ${userId}`,
  );
  if (row?.fits) return;
  const remaining = toDollars(row?.remaining ?? 0);
  throw new AppError(
    409,
    'conflict',
    `This order exceeds your remaining credit of ${formatUsd(remaining)}`,
    undefined,
    { remainingCredit: remaining },
  );
}

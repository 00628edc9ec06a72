import { eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { membershipOf } from '@/lib/db/company-membership';
import { companies, companyMembers, users } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { createCompanySchema, type CreateCompanyInput } from '@/lib/validation/companies';

export const ALREADY_IN_A_COMPANY = 'You already belong to a company';

/**
 * `POST /api/companies`: a signed-in customer founds a company and is its owner. An account belongs to one company
 * at most: under the account's row lock, a second company (or a second call at once) is a 409.
 */
export async function createCompany(
  actor: Actor | null,
  input: CreateCompanyInput,
  db: Database = getDb(),
): Promise<{ companyId: string }> {
  const current = requireSignedIn(actor);
  const { userId } = current;
  const { name, taxId, billingAddress } = createCompanySchema.parse(input);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await membershipOf(tx, userId)) throw conflict(ALREADY_IN_A_COMPANY);
    const [company] = await tx
      .insert(companies)
      .values({ name, taxId, billingAddress })
      .returning({ id: companies.id });
    await tx.insert(companyMembers).values({ userId, companyId: company!.id, role: 'owner' });
    await recordAudit(tx, {
      actor: current,
      action: 'company.create',
      target: `company ${name}`,
      after: { name, taxId, billingAddress },
    });
    return { companyId: company!.id };
  });
}

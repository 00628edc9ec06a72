import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { ensureCompanyOf } from '@/lib/db/company-membership';
import { companies, companyMembers, type Company } from '@/lib/db/schema';

/** The company an account buys for, made (one member, its owner) when it has none. */
export async function companyOfUser(userId: string): Promise<Company> {
  const made = await getDb().transaction((tx) => ensureCompanyOf(tx, userId));
  const [company] = await getDb().select().from(companies).where(eq(companies.id, made!.companyId));
  return company!;
}

/** Net terms for the account's company, written straight to the table (the route is tested on its own). */
export async function termsForUser(
  userId: string,
  netDays: 15 | 30 | 60,
  creditLimitCents: number,
) {
  const company = await companyOfUser(userId);
  await getDb()
    .update(companies)
    .set({ netDays, creditLimitCents })
    .where(eq(companies.id, company.id));
  return company.id;
}

/** The company row an account is a member of, or undefined. */
export async function memberCompany(userId: string): Promise<Company | undefined> {
  const [row] = await getDb()
    .select({ company: companies })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row?.company;
}

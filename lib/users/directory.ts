import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { companies, companyMembers, users } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import type { UserDto } from '@/lib/types';
import type { UserListQuery } from '@/lib/validation/users';
import { toUserDto } from '@/lib/db/rest-shapes';

/** Accounts per page of All Users. */
export const USER_PAGE_SIZE = 25;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The name people read, sorted as people count: every run of digits padded to ten, so "Demo customer 2" comes
 * before "Demo customer 19" (a text sort puts 19 first). Accounts without a name sort by their email.
 */
const NATURAL_NAME = sql`regexp_replace(
  regexp_replace(lower(coalesce(nullif(${users.name}, ''), ${users.email})), '[0-9]+', '0000000000\\&', 'g'),
  '0*([0-9]{10})(?![0-9])', '\\1', 'g')`;

function matching(query: UserListQuery): SQL | undefined {
  if (!query.q) return undefined;
  const pattern = `%${escapeLike(query.q)}%`;
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(companies.name, pattern),
  );
}

function readUsers(where: SQL | undefined) {
  return getDb()
    .select({
      user: users,
      company: companies.name,
      netDays: companies.netDays,
      creditLimitCents: companies.creditLimitCents,
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(where)
    .orderBy(NATURAL_NAME, asc(users.email))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof readUsers>>[number];

const toListedUser = ({ user, company, netDays, creditLimitCents }: Row): UserDto => ({
  ...toUserDto(user),
  company,
  terms:
    netDays !== null && creditLimitCents !== null
      ? { netDays, creditLimit: toDollars(creditLimitCents) }
      : null,
});

/** GET /user: every account (admins), in natural order by name, with its company and terms. */
export async function listUsers(actor: Actor | null): Promise<UserDto[]> {
  requireAdmin(actor);
  return (await readUsers(undefined)).map(toListedUser);
}

/** All Users: one page of the accounts whose name, email or company holds `q`, and how many match in all. */
export async function searchUsers(
  actor: Actor | null,
  query: UserListQuery,
): Promise<{ users: UserDto[]; total: number }> {
  requireAdmin(actor);
  const where = matching(query);
  const [rows, [counted]] = await Promise.all([
    readUsers(where)
      .limit(USER_PAGE_SIZE)
      .offset((query.page - 1) * USER_PAGE_SIZE),
    getDb()
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(where),
  ]);
  return { users: rows.map(toListedUser), total: counted?.total ?? 0 };
}

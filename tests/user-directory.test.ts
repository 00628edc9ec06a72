import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as usersRoute from '@/app/api/user/route';
import { getDb } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import type { UserDto } from '@/lib/types';
import { searchUsers, USER_PAGE_SIZE } from '@/lib/users/directory';
import { userListQuerySchema } from '@/lib/validation/users';
import { actorOf, call, makeUser, type TestUser } from './helpers';
import { companyOfUser } from './companies-fixtures';

// All Users: a search in names, emails and company names, a natural sort, pages read in SQL, the company shown.

const tag = randomUUID().slice(0, 6);
let admin: TestUser;
let customer: TestUser;
const query = (q?: string, page?: number) => userListQuerySchema.parse({ q, page });

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
  // Created out of order, so neither the creation order nor a text sort could pass for the natural one.
  for (const number of [19, 1, 20, 2, 10])
    await makeUser('customer', `Dir${tag} customer ${number}`);
  const buyer = await makeUser('customer', `Dir${tag} buyer`);
  const company = await companyOfUser(buyer.id);
  await getDb()
    .update(companies)
    .set({ name: `Acme${tag} Fasteners Ltd` })
    .where(eq(companies.id, company.id));
});

describe('All Users', () => {
  it('sorts names as people count: 1, 2, 10, 19, 20', async () => {
    const { users, total } = await searchUsers(actorOf(admin), query(`Dir${tag} customer`));
    expect(total).toBe(5);
    expect(users.map((user) => user.name)).toEqual(
      [1, 2, 10, 19, 20].map((number) => `Dir${tag} customer ${number}`),
    );
    const all = await call<UserDto[]>(usersRoute.GET, { token: admin.token });
    const mine = all.body.filter((user) => user.name?.startsWith(`Dir${tag} customer`));
    expect(mine.map((user) => user.name?.split(' ').at(-1))).toEqual(['1', '2', '10', '19', '20']);
  });

  it('finds an account by its name, its email or its company, case aside, and shows the company', async () => {
    const byCompany = await searchUsers(actorOf(admin), query(`acme${tag} FASTENERS`));
    expect(byCompany.users.map((user) => [user.name, user.company])).toEqual([
      [`Dir${tag} buyer`, `Acme${tag} Fasteners Ltd`],
    ]);
    const byEmail = await searchUsers(actorOf(admin), query(customer.email.toUpperCase()));
    expect(byEmail.users.map((user) => user.email)).toEqual([customer.email]);
    const byName = await searchUsers(actorOf(admin), query(`dir${tag} BUYER`));
    expect(byName.total).toBe(1);
    // LIKE's wildcards are text here, not patterns.
    expect((await searchUsers(actorOf(admin), query('%'))).total).toBe(0);
  });

  it('reads one page at a time, in SQL', async () => {
    for (let index = 0; index < USER_PAGE_SIZE; index++) await makeUser('customer');
    const first = await searchUsers(actorOf(admin), query(undefined, 1));
    const second = await searchUsers(actorOf(admin), query(undefined, 2));
    expect(first.users).toHaveLength(USER_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(USER_PAGE_SIZE);
    expect(second.total).toBe(first.total);
    const ids = new Set(first.users.map((user) => user._id));
    expect(second.users.some((user) => ids.has(user._id))).toBe(false);
    const far = await searchUsers(actorOf(admin), query(undefined, 1000));
    expect(far.users).toEqual([]);
  });

  it('is for admins only', async () => {
    await expect(searchUsers(actorOf(customer), query())).rejects.toMatchObject({ status: 403 });
    await expect(searchUsers(null, query())).rejects.toMatchObject({ status: 401 });
    expect((await call(usersRoute.GET, { token: customer.token })).status).toBe(403);
    expect((await call(usersRoute.GET)).status).toBe(401);
  });

  it('refuses a search text that is too long with its message', () => {
    const parsed = userListQuerySchema.safeParse({ q: 'x'.repeat(101) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Search for 100 characters or fewer');
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cartRoute from '@/app/api/cart/route';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as linesRoute from '@/app/api/cart/lines/route';
import { removeExpiredGuestCarts } from '@/lib/cart/guest-expiry';
import { GUEST_CARTS_PER_ADDRESS_PER_DAY } from '@/lib/cart/store';
import { getDb } from '@/lib/db/client';
import { cartLines, guestCartLines, guestCarts, tools } from '@/lib/db/schema';
import type { CartDto, CartLineProblem } from '@/lib/types';
import {
  call,
  cookieOf,
  makeTool,
  makeUser,
  sessionCookie,
  type ErrorBody,
  type TestUser,
} from './helpers';

type CartAnswer = CartDto & ErrorBody;

const guestCookie = (id: string) => `toolhaus-cart=${id}`;
/** The guest cart id a Set-Cookie header gives, '' when it forgets it, undefined when it sets none. */
const cookieSet = (headers: Headers) => {
  const set = headers.getSetCookie().find((cookie) => cookie.startsWith('toolhaus-cart='));
  return set === undefined ? undefined : /^toolhaus-cart=([^;]*)/.exec(set)![1];
};

const read = (cookie?: string, user?: TestUser) =>
  call<CartAnswer>(cartRoute.GET, {
    token: user?.token,
    headers: cookie ? { cookie: guestCookie(cookie) } : {},
  });
const put = (toolId: string, quantity: unknown, cookie?: string, address?: string) =>
  call<CartAnswer>(lineRoute.PUT, {
    method: 'PUT',
    params: { toolId },
    body: { quantity },
    headers: {
      ...(cookie && { cookie: guestCookie(cookie) }),
      ...(address && { 'x-forwarded-for': address }),
    },
  });
const guestCartCount = async () =>
  (await getDb().select({ carts: count() }).from(guestCarts))[0]!.carts;

/** A guest cart opened through the API with these lines; answers its id. */
async function fillGuestCart(lines: { toolId: string; quantity: number }[]): Promise<string> {
  let id: string | undefined;
  for (const line of lines) {
    const answer = await put(line.toolId, line.quantity, id);
    expect(answer.status).toBe(200);
    id = cookieSet(answer.headers) ?? id;
  }
  return id!;
}

describe('a cart before signing in', () => {
  let tool: Awaited<ReturnType<typeof makeTool>>;
  beforeAll(async () => {
    tool = await makeTool({ quantity: 500, minQuantity: 10 });
  });

  it('answers an empty cart, and opens nothing, to a visitor without a cart', async () => {
    const before = await guestCartCount();
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ lines: [], subtotal: 0, savings: 0, tax: { gross: 0 } });
    expect(cookieSet(answer.headers)).toBeUndefined();
    expect(await guestCartCount()).toBe(before);
  });

  it('opens a guest cart on the first line, under a 30-day httpOnly cookie, and keeps it apart', async () => {
    const answer = await put(tool.id, 20);
    expect(answer.status).toBe(200);
    expect(answer.body.lines).toEqual([expect.objectContaining({ toolId: tool.id, quantity: 20 })]);
    const setCookie = answer.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      /toolhaus-cart=[0-9a-f-]{36}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const id = cookieSet(answer.headers)!;
    expect((await read(id)).body.lines).toHaveLength(1);
    // Another visitor, or a made-up id, sees an empty cart.
    expect((await read(randomUUID())).body.lines).toEqual([]);
    expect((await read()).body.lines).toEqual([]);
    // Quick order works for the visitor too, adding to the line.
    const quick = await call<{ added: number; problems: CartLineProblem[] }>(linesRoute.POST, {
      method: 'POST',
      body: { lines: [{ sku: tool.sku, quantity: 5 }] },
      headers: { cookie: guestCookie(id) },
    });
    expect(quick.body).toEqual({ added: 1, problems: [] });
    expect((await read(id)).body.lines[0]!.quantity).toBe(25);
    // Removing a line.
    const removed = await call<CartAnswer>(lineRoute.DELETE, {
      method: 'DELETE',
      params: { toolId: tool.id },
      headers: { cookie: guestCookie(id) },
    });
    expect(removed.body.lines).toEqual([]);
  });

  it("refuses a bad quantity with the field's message and opens no cart", async () => {
    const before = await guestCartCount();
    const low = await put(tool.id, 5);
    expect(low.status).toBe(400);
    expect(low.body.error.fields).toEqual({ quantity: expect.stringContaining('minimum') });
    const text = await put(tool.id, 'ten');
    expect(text.status).toBe(400);
    expect(text.body.error.fields?.quantity).toBeTruthy();
    expect((await put(randomUUID(), 20)).status).toBe(404);
    expect(cookieSet(low.headers)).toBeUndefined();
    expect(await guestCartCount()).toBe(before);
  });

  it('never takes a cart id from the browser: a forged cookie gets a new cart of its own', async () => {
    const forged = randomUUID();
    const answer = await put(tool.id, 20, forged);
    const given = cookieSet(answer.headers)!;
    expect(given).not.toBe(forged);
    expect(await getDb().select().from(guestCarts).where(eq(guestCarts.id, forged))).toEqual([]);
  });

  it('holds a guest cart to 100 lines', async () => {
    const many = await Promise.all(
      Array.from({ length: 101 }, () => makeTool({ quantity: 50, minQuantity: 1 })),
    );
    const id = await fillGuestCart(
      many.slice(0, 100).map((made) => ({ toolId: made.id, quantity: 1 })),
    );
    const over = await put(many[100]!.id, 1, id);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('A cart holds at most 100 lines');
  });

  it(`lets one address open at most ${GUEST_CARTS_PER_ADDRESS_PER_DAY} guest carts a day`, async () => {
    const address = `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    for (let opened = 0; opened < GUEST_CARTS_PER_ADDRESS_PER_DAY; opened++) {
      expect((await put(tool.id, 20, undefined, address)).status).toBe(200);
    }
    const before = await guestCartCount();
    const refused = await put(tool.id, 20, undefined, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await guestCartCount()).toBe(before);
  });

  it('forgets a cart 30 days after its last change, and the cleanup removes it', async () => {
    const id = await fillGuestCart([{ toolId: tool.id, quantity: 20 }]);
    await getDb()
      .update(guestCarts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(guestCarts.id, id));
    expect((await read(id)).body.lines).toEqual([]);
    expect(await removeExpiredGuestCarts()).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(guestCarts).where(eq(guestCarts.id, id))).toEqual([]);
    expect(
      await getDb().select().from(guestCartLines).where(eq(guestCartLines.guestCartId, id)),
    ).toEqual([]);
  });
});

describe('merging the guest cart on signing in', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await makeUser('customer');
  });

  it('sums quantities within the limits, says what changed and forgets the cookie', async () => {
    const plain = await makeTool({ quantity: 500, minQuantity: 10 });
    const scarce = await makeTool({ quantity: 40, minQuantity: 10 });
    const gone = await makeTool({ quantity: 500, minQuantity: 10 });
    const id = await fillGuestCart([
      { toolId: plain.id, quantity: 20 },
      { toolId: scarce.id, quantity: 30 },
      { toolId: gone.id, quantity: 20 },
    ]);
    await getDb().insert(cartLines).values({ userId: buyer.id, toolId: scarce.id, quantity: 25 });
    await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone.id));

    const answer = await read(id, buyer);
    expect(answer.status).toBe(200);
    expect(answer.body.merged).toEqual({
      added: [{ toolId: plain.id, sku: plain.sku, name: plain.name, quantity: 20 }],
      capped: [
        {
          toolId: scarce.id,
          sku: scarce.sku,
          name: scarce.name,
          quantity: 40,
          message: 'You can not order more than available quantity (40 pieces left)',
        },
      ],
      refused: [
        {
          toolId: gone.id,
          sku: gone.sku,
          name: gone.name,
          quantity: 20,
          message: 'This tool is no longer sold: remove it from the cart',
        },
      ],
    });
    expect(cookieSet(answer.headers)).toBe('');
    expect(answer.headers.getSetCookie().join()).toContain('Max-Age=0');
    const quantities = Object.fromEntries(
      answer.body.lines.map((line) => [line.toolId, line.quantity]),
    );
    expect(quantities).toEqual({ [scarce.id]: 40, [plain.id]: 20 });
    expect(await getDb().select().from(guestCarts).where(eq(guestCarts.id, id))).toEqual([]);
    // Once: the cookie, if sent again, names nothing.
    const again = await read(id, buyer);
    expect(again.body.merged).toBeUndefined();
    expect(again.body.lines).toHaveLength(2);
  });

  it('merges once when two tabs sign in at once', async () => {
    const twice = await makeUser('customer');
    const made = await makeTool({ quantity: 1000, minQuantity: 10 });
    const id = await fillGuestCart([{ toolId: made.id, quantity: 30 }]);
    const answers = await Promise.all([read(id, twice), read(id, twice), read(id, twice)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.merged)).toHaveLength(1);
    const [line] = await getDb().select().from(cartLines).where(eq(cartLines.userId, twice.id));
    expect(line!.quantity).toBe(30);
  });

  it('merges once when two accounts sign in with the same cookie at once', async () => {
    const [first, second] = await Promise.all([makeUser('customer'), makeUser('customer')]);
    const made = await makeTool({ quantity: 1000, minQuantity: 10 });
    const id = await fillGuestCart([{ toolId: made.id, quantity: 30 }]);
    const answers = await Promise.all([read(id, first), read(id, second)]);
    expect(answers.filter((answer) => answer.body.merged)).toHaveLength(1);
    const held = await getDb().select().from(cartLines).where(eq(cartLines.toolId, made.id));
    expect(held).toHaveLength(1);
  });

  it('waits for a sign-in that still owes its two-factor code, then merges on the browser session', async () => {
    const careful = await makeUser('customer');
    const made = await makeTool({ quantity: 1000, minQuantity: 10 });
    const id = await fillGuestCart([{ toolId: made.id, quantity: 30 }]);
    const pending = await sessionCookie({
      sub: careful.id,
      email: careful.email,
      sv: 0,
      authAt: Date.now(),
      mfa: 'pending',
      mfaNonce: randomUUID(),
    });
    const owed = await call<CartAnswer>(cartRoute.GET, {
      headers: { cookie: `${pending}; ${guestCookie(id)}` },
    });
    // Nobody is signed in yet: the guest's own cart, untouched.
    expect(owed.body.merged).toBeUndefined();
    expect(owed.body.lines).toEqual([expect.objectContaining({ toolId: made.id, quantity: 30 })]);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, careful.id))).toEqual(
      [],
    );
    const done = await call<CartAnswer>(cartRoute.GET, {
      headers: { cookie: `${await cookieOf(careful)}; ${guestCookie(id)}` },
    });
    expect(done.body.merged?.added).toEqual([
      expect.objectContaining({ toolId: made.id, quantity: 30 }),
    ]);
    expect(cookieSet(done.headers)).toBe('');
  });

  it('refuses what would take the account past 100 lines, keeping the rest', async () => {
    const full = await makeUser('customer');
    const many = await Promise.all(
      Array.from({ length: 100 }, () => makeTool({ quantity: 50, minQuantity: 1 })),
    );
    await getDb()
      .insert(cartLines)
      .values(many.map((made) => ({ userId: full.id, toolId: made.id, quantity: 1 })));
    const extra = await makeTool({ quantity: 50, minQuantity: 1 });
    const id = await fillGuestCart([
      { toolId: many[0]!.id, quantity: 2 },
      { toolId: extra.id, quantity: 1 },
    ]);
    const answer = await read(id, full);
    expect(answer.body.merged?.added).toEqual([
      expect.objectContaining({ toolId: many[0]!.id, quantity: 3 }),
    ]);
    expect(answer.body.merged?.refused).toEqual([
      expect.objectContaining({ toolId: extra.id, message: 'A cart holds at most 100 lines' }),
    ]);
  });
});

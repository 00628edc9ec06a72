import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as reviewsRoute from '@/app/api/reviews/route';
import { getDb } from '@/lib/db/client';
import { reviews, users } from '@/lib/db/schema';
import type { ReviewDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let alice: TestUser;
let toolName: string;

beforeAll(async () => {
  alice = await makeUser('customer', 'Alice Reviewer');
  toolName = (await makeTool()).name;
});

const post = (body: Record<string, unknown>, token?: string) =>
  call<{ insertedId: string } & ErrorBody>(reviewsRoute.POST, { method: 'POST', body, token });

describe('POST /api/reviews', () => {
  it('stores name and email from the session, ignoring the body', async () => {
    const { status, body } = await post(
      {
        toolName,
        userReview: '  Solid hammer  ',
        rating: 4,
        userName: 'Mallory',
        email: 'mallory@evil.test',
      },
      alice.token,
    );
    expect(status).toBe(201);
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, body.insertedId));
    expect(row).toMatchObject({
      userName: 'Alice Reviewer',
      email: alice.email,
      userReview: 'Solid hammer',
      rating: 4,
      image: null,
    });
  });

  it.each([
    [{ rating: -1 }, 'Rating must be a whole number from 0 to 5'],
    [{ rating: 6 }, 'Rating must be a whole number from 0 to 5'],
    [{ rating: 2.5 }, 'Rating must be a whole number from 0 to 5'],
    [{ rating: '5' }, 'Rating is Required'],
    [{ rating: undefined }, 'Rating is Required'],
    [{ userReview: '' }, 'Review is Required'],
    [{ userReview: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
    [{ toolName: 'x'.repeat(121) }, 'Must be at most 120 characters'],
    [{ toolName: 42 }, 'Tool name must be text'],
    [{ image: 'ftp://example.com/a.png' }, 'Image must be an http(s) URL or a path on this site'],
  ])('refuses %j with “%s” and stores nothing', async (change, message) => {
    const before = (await getDb().select().from(reviews)).length;
    const { status, body } = await post(
      { toolName, userReview: 'Fine', rating: 3, ...change },
      alice.token,
    );
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect((await getDb().select().from(reviews)).length).toBe(before);
  });
});

describe('POST /api/reviews tool names (docs/PRODUCT.md, Validation: not required)', () => {
  it.each([
    ['without a tool name', {}, null],
    ['with an empty tool name', { toolName: '  ' }, null],
    [
      'naming a tool outside the catalogue',
      { toolName: ' Grandpa’s old saw ' },
      'Grandpa’s old saw',
    ],
  ])('stores a review %s', async (_case, change, stored) => {
    const { status, body } = await post(
      { userReview: 'Useful', rating: 3, ...change },
      alice.token,
    );
    expect(status).toBe(201);
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, body.insertedId));
    expect(row?.toolName).toBe(stored);
  });
});

describe('GET /api/reviews', () => {
  it('lists reviews newest first without emails', async () => {
    await post({ toolName, userReview: 'Older', rating: 2 }, alice.token);
    await post(
      { toolName, userReview: 'Newer', rating: 5, image: '/images/tools/claw-hammer.svg' },
      alice.token,
    );
    const { status, body } = await call<ReviewDto[]>(reviewsRoute.GET);
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      userReview: 'Newer',
      rating: 5,
      toolName,
      userName: 'Alice Reviewer',
      image: '/images/tools/claw-hammer.svg',
    });
    expect(body.findIndex((r) => r.userReview === 'Newer')).toBeLessThan(
      body.findIndex((r) => r.userReview === 'Older'),
    );
    expect(JSON.stringify(body)).not.toContain('@');
  });
});

describe('review images', () => {
  it("shows the shop's own pictures and the reviewer's avatar, and no other host's", async () => {
    const reviewer = await makeUser('customer', 'Pixel Tester');
    const avatar = 'https://avatars.example/u/123.png';
    await getDb().update(users).set({ image: avatar }).where(eq(users.id, reviewer.id));
    const images = {
      foreign: 'https://attacker.example/pixel.gif',
      upload: '/api/uploads/4a1f0a5e-2f4b-4d5a-9a55-0c8a1c8e2b10',
      avatar,
    };
    const ids: Record<string, string> = {};
    for (const [kind, image] of Object.entries(images)) {
      const { status, body } = await post(
        { toolName: `Pixel ${kind}`, userReview: 'Fine', rating: 4, image },
        reviewer.token,
      );
      expect(status).toBe(201);
      ids[kind] = body.insertedId;
    }
    const listed = (await call<ReviewDto[]>(reviewsRoute.GET)).body;
    const shown = (kind: string) => listed.find((review) => review._id === ids[kind])!.image;
    expect(shown('foreign')).toBeNull();
    expect(shown('upload')).toBe(images.upload);
    expect(shown('avatar')).toBe(avatar);
    // Kept as sent: the rule is about what visitors' browsers load, not what the reviewer wrote.
    const [stored] = await getDb().select().from(reviews).where(eq(reviews.id, ids.foreign!));
    expect(stored!.image).toBe(images.foreign);
  });
});

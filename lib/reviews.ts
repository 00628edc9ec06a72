import { desc, sql } from 'drizzle-orm';
import { requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { cachedRead, invalidate } from '@/lib/cache';
import { getDb, type Database } from '@/lib/db/client';
import { reviews, users } from '@/lib/db/schema';
import type { ReviewDto } from '@/lib/types';
import type { z } from 'zod';
import type { reviewSchema } from '@/lib/validation/reviews';
import { toReviewDto } from '@/lib/db/rest-shapes';

/**
 * The image a review may show: a picture served by the shop itself (the reviewer's uploaded photo, one of the
 * catalogue's) or the reviewer's sign-in provider's avatar. Any other address stays stored but is not shown (the tool
 * name stands in), so a review can not make every visitor's browser call a server of the reviewer's choosing.
 */
const shownImage = sql<string | null>`CASE
  WHEN ${reviews.image} LIKE '/%' AND ${reviews.image} NOT LIKE '//%' THEN ${reviews.image}
  WHEN ${reviews.image} = (SELECT ${users.image} FROM ${users} WHERE ${users.id} = ${reviews.userId})
    THEN ${reviews.image}
  END`;

const publicColumns = {
  id: reviews.id,
  toolName: reviews.toolName,
  userName: reviews.userName,
  userReview: reviews.userReview,
  rating: reviews.rating,
  image: shownImage,
  createdAt: reviews.createdAt,
};

async function readReviews(): Promise<ReviewDto[]> {
  const rows = await getDb()
    .select(publicColumns)
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(500);
  return rows.map(toReviewDto);
}

/** All reviews, newest first (the 500 newest: the home page is no archive). */
export const listReviews = cachedRead('reviews:list', 'reviews', readReviews);

async function readToolReviews(toolName: string): Promise<ReviewDto[]> {
  const rows = await getDb()
    .select(publicColumns)
    .from(reviews)
    .where(sql`lower(${reviews.toolName}) = lower(${toolName})`)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(50);
  return rows.map(toReviewDto);
}

/** The 50 newest reviews naming this tool (reviews name a tool as written, in any case), for its product page. */
export const listToolReviews = cachedRead('reviews:tool', 'reviews', readToolReviews);

/** When the newest review was posted (ISO time), or null before the first. */
export async function latestReviewAt(): Promise<string | null> {
  return (await listReviews())[0]?.createdAt ?? null;
}

/**
 * Posts a review as the signed-in user: name and email come from the session, never from the body. The tool name is
 * optional (docs/PRODUCT.md, Validation) and kept as written: the form offers the catalogue's names, other clients may
 * name any tool.
 */
export async function addReview(
  actor: Actor | null,
  input: z.output<typeof reviewSchema>,
  db: Database = getDb(),
): Promise<{ acknowledged: true; insertedId: string }> {
  const author = requireSignedIn(actor);
  const [created] = await db
    .insert(reviews)
    .values({
      toolName: input.toolName,
      userId: author.userId,
      userName: author.name,
      email: author.email,
      userReview: input.userReview,
      rating: input.rating,
      image: input.image,
    })
    .returning({ id: reviews.id });
  invalidate('reviews');
  return { acknowledged: true, insertedId: created!.id };
}

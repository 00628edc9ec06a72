import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { uploads, users } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { idSchema } from '@/lib/validation/fields';
import { UPLOAD_MESSAGES } from '@/lib/validation/uploads';
import { processPhoto } from './photo';

/** Review images one customer account may upload in all. */
export const REVIEW_IMAGE_QUOTA = 20;

/** Where a stored photo is served: a new photo is a new row, so a new address. */
export const photoUrl = (id: string) => `/api/uploads/${id}`;

/**
 * Stores an uploaded photo: an admin's is a product photo, a customer's a review image (at most REVIEW_IMAGE_QUOTA
 * per account, counted under the account's row lock so that parallel uploads can not pass it). The file is checked
 * and re-encoded before anything is written (lib/uploads/photo.ts).
 */
export async function storePhoto(actor: Actor | null, file: Uint8Array): Promise<{ url: string }> {
  const current = requireSignedIn(actor);
  const purpose = isAdmin(current) ? 'product' : 'review';
  const photo = await processPhoto(file);
  const id = await getDb().transaction(async (tx) => {
    if (purpose === 'review') {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, current.userId))
        .for('update');
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(uploads)
        .where(and(eq(uploads.ownerId, current.userId), eq(uploads.purpose, 'review')));
      if ((row?.count ?? 0) >= REVIEW_IMAGE_QUOTA)
        throw conflict(UPLOAD_MESSAGES.quota, { file: UPLOAD_MESSAGES.quota });
    }
    const [stored] = await tx
      .insert(uploads)
      .values({ ownerId: current.userId, purpose, ...photo })
      .returning({ id: uploads.id });
    if (purpose === 'product') {
      await recordAudit(tx, {
        actor: current,
        action: 'photo.upload',
        target: `photo ${photoUrl(stored!.id)}`,
        after: { contentType: photo.contentType, width: photo.width, height: photo.height },
      });
    }
    return stored!.id;
  });
  return { url: photoUrl(id) };
}

/** A stored photo, for anyone (photos are public once their address is on a page); 404 for anything else. */
export async function readPhoto(id: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!idSchema.safeParse(id).success) throw notFound('No such photo');
  const [photo] = await getDb()
    .select({ bytes: uploads.bytes, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.id, id));
  if (!photo) throw notFound('No such photo');
  return photo;
}

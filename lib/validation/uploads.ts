import { z } from 'zod';
import './fields';

// Uploading a photo (POST /api/uploads, multipart, field `file`): a product photo or a review image.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** A decoded image larger than this is refused unread: a small file can claim a huge canvas (a decompression bomb). */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  missing: 'Choose a photo to upload',
  tooLarge: 'The photo must be 5 MB or smaller',
  wrongType: 'The photo must be a JPEG, PNG or WebP image',
  tooManyPixels: 'The photo must be at most 40 megapixels',
  unreadable: 'The photo could not be read; save it again as JPEG, PNG or WebP',
  quota: 'You have uploaded as many review images as an account may (20)',
} as const;

export const uploadFormSchema = z.object({
  file: z
    .instanceof(Blob, { error: UPLOAD_MESSAGES.missing })
    .refine((file) => file.size > 0, { error: UPLOAD_MESSAGES.missing })
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, { error: UPLOAD_MESSAGES.tooLarge }),
});

import sharp from 'sharp';
import { badRequest } from '@/lib/errors';
import { MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES } from '@/lib/validation/uploads';

/** The widest and tallest a stored photo is: twice the largest the pages draw (the tool page, 600 px). */
export const PHOTO_MAX_EDGE = 1200;
export const PHOTO_CONTENT_TYPE = 'image/webp';

const refuse = (message: string) => badRequest(message, { file: message });

/** The image type the bytes themselves say, whatever the file is called or claims: JPEG, PNG or WebP only. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (signature: number[], at = 0) =>
    signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface Photo {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * An uploaded file made safe to serve: its real type checked from its bytes, its canvas checked before it is decoded,
 * then decoded, turned upright, shrunk to fit PHOTO_MAX_EDGE and written afresh as WebP. Writing anew drops whatever
 * else the file carried (EXIF, GPS, comments, a second payload): sharp keeps no metadata unless asked.
 */
export async function processPhoto(bytes: Uint8Array): Promise<Photo> {
  const type = sniffImageType(bytes);
  if (!type) throw refuse(UPLOAD_MESSAGES.wrongType);
  // The header's size, before any pixel is decoded; sharp's own limit below is the backstop for what it decodes.
  // (metadata() reads the header only, so sharp's own pixel limit is lifted for it.)
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== type) throw refuse(UPLOAD_MESSAGES.unreadable);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_UPLOAD_PIXELS)
    throw refuse(UPLOAD_MESSAGES.tooManyPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, pages: 1 })
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: PHOTO_CONTENT_TYPE, width: info.width, height: info.height };
  } catch {
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
}

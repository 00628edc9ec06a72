import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as photoRoute from '@/app/api/uploads/[id]/route';
import { getDb } from '@/lib/db/client';
import { uploads } from '@/lib/db/schema';
import * as uploadsRoute from '@/app/api/uploads/route';
import { REVIEW_IMAGE_QUOTA } from '@/lib/uploads/store';
import { UPLOAD_MESSAGES } from '@/lib/validation/uploads';
import { call, makeUser, type ErrorBody, type TestUser } from './helpers';
import { picture, upload } from './upload-steps';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
});

/** A valid PNG whose header claims a canvas of width × height: small on disk, enormous once decoded. */
async function pixelBomb(width: number, height: number) {
  const png = Buffer.from(await picture('png', 1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const fetchPhoto = (url: string) =>
  photoRoute.GET(new Request(`http://localhost${url}`), {
    params: Promise.resolve({ id: url.split('/').pop()! }),
  });

describe('POST /api/uploads', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'takes a %s photo and serves it re-encoded, for a year',
    async (format) => {
      const { status, body } = await upload(
        await picture(format),
        admin,
        `p.${format}`,
        `image/${format}`,
      );
      expect(status).toBe(201);
      expect(body.url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      const served = await fetchPhoto(body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    },
  );

  it('shrinks a large photo to 1200 px, strips EXIF and GPS, and gives every upload a new address', async () => {
    const withGps = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#123456' },
    })
      .withExif({
        IFD0: { Copyright: 'Someone', Artist: 'Camera owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const first = await upload(withGps, admin);
    const second = await upload(withGps, admin);
    expect(first.body.url).not.toBe(second.body.url);
    const stored = await sharp(
      Buffer.from(await (await fetchPhoto(first.body.url)).arrayBuffer()),
    ).metadata();
    expect({ width: stored.width, height: stored.height, exif: stored.exif }).toEqual({
      width: 1200,
      height: 800,
      exif: undefined,
    });
  });

  const refused: [string, () => Promise<Uint8Array>, string, string, number, string][] = [
    [
      'an SVG',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
      400,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'HTML named .png',
      async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      'a.png',
      'image/png',
      400,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'a renamed executable',
      async () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]),
      'tool.jpg',
      'image/jpeg',
      400,
      UPLOAD_MESSAGES.wrongType,
    ],
    [
      'a JPEG that is only a header',
      async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
      'a.jpg',
      'image/jpeg',
      400,
      UPLOAD_MESSAGES.unreadable,
    ],
    [
      'a decompression bomb',
      () => pixelBomb(50_000, 50_000),
      'bomb.png',
      'image/png',
      400,
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    [
      'an empty file',
      async () => new Uint8Array(0),
      'a.jpg',
      'image/jpeg',
      400,
      UPLOAD_MESSAGES.missing,
    ],
    [
      'more than 5 MB',
      async () => Buffer.concat([await picture('jpeg'), Buffer.alloc(6 * 1024 * 1024)]),
      'a.jpg',
      'image/jpeg',
      413,
      UPLOAD_MESSAGES.tooLarge,
    ],
  ];

  it.each(refused)(
    'refuses %s with the file field’s message and stores nothing',
    async (_what, bytes, name, type, status, message) => {
      const before = await getDb().$count(uploads);
      const answer = await upload(await bytes(), admin, name, type);
      expect({ status: answer.status, field: answer.body.error.fields?.file }).toEqual({
        status,
        field: message,
      });
      expect(await getDb().$count(uploads)).toBe(before);
    },
  );

  it('refuses a form without a file, and anonymous callers', async () => {
    const noFile = await call<ErrorBody>(uploadsRoute.POST, {
      method: 'POST',
      token: customer.token,
      rawBody: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nhi\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(noFile.body.error.fields).toEqual({ file: UPLOAD_MESSAGES.missing });
    expect((await upload(await picture('jpeg'), null)).status).toBe(401);
  });

  it('keeps a customer’s review images within the quota, under parallel uploads too', async () => {
    const buyer = await makeUser();
    const photo = await picture('jpeg');
    expect((await upload(photo, buyer)).status).toBe(201);
    const [kept] = await getDb().select().from(uploads).where(eq(uploads.ownerId, buyer.id));
    expect(kept?.purpose).toBe('review');
    await getDb()
      .insert(uploads)
      .values(Array.from({ length: REVIEW_IMAGE_QUOTA - 2 }, () => ({ ...kept!, id: undefined })));
    const answers = await Promise.all([1, 2, 3, 4].map(() => upload(photo, buyer)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.fields).toEqual({
      file: UPLOAD_MESSAGES.quota,
    });
    expect(await getDb().$count(uploads, eq(uploads.ownerId, buyer.id))).toBe(REVIEW_IMAGE_QUOTA);
    // An admin's product photos count against no quota.
    expect((await upload(photo, admin)).status).toBe(201);
  });

  it('answers 404 for an unknown or malformed photo id', async () => {
    for (const url of ['/api/uploads/6f1c8a52-0000-4000-8000-000000000000', '/api/uploads/x.webp'])
      expect((await fetchPhoto(url)).status).toBe(404);
  });
});

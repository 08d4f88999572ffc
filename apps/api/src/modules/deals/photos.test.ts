import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { dealPhotos } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/auth';
import { cashDeal } from '../../test/deals';
import { multipartFile } from '../../test/multipart';
import { photoSrcSet } from './photos';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A camera-sized JPEG that carries EXIF data (a copyright line) to be stripped. */
const cameraJpeg = (width = 3000, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Owner' } })
    .toBuffer();

async function upload(user: TestUser, dealId: string, bytes: Uint8Array, filename = 'photo.jpg') {
  const body = multipartFile(bytes, { filename, contentType: 'image/jpeg' });
  return app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/photos`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('deal photos', () => {
  it('stores WebP variants without metadata, and the first photo is the cover', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const buyer = await createUser(app, { roles: ['buyer'] });
    const { id } = (
      await app.inject({ method: 'POST', url: '/api/deals', headers: seller.headers, payload: cashDeal() })
    ).json();

    const res = await upload(seller, id, await cameraJpeg());
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ width: 2400, height: 1600 });
    for (const [url, width] of [
      [photo.fullUrl, 2400],
      [photo.url, 1200],
      [photo.thumbUrl, 400],
    ] as const) {
      const file = await app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
    }
    const second = (await upload(seller, id, await cameraJpeg(800, 1200))).json().photo;
    const card = (await app.inject({ url: '/api/deals', headers: buyer.headers })).json().items[0];
    expect(card.coverPhotoUrl).toBe(photo.thumbUrl);

    // Reorder: the second becomes the cover.
    const reordered = await app.inject({
      method: 'PUT',
      url: `/api/deals/${id}/photos/order`,
      headers: seller.headers,
      payload: { photoIds: [second.id, photo.id] },
    });
    expect(reordered.json().photos.map((p: { id: string }) => p.id)).toEqual([second.id, photo.id]);
    const incomplete = await app.inject({
      method: 'PUT',
      url: `/api/deals/${id}/photos/order`,
      headers: seller.headers,
      payload: { photoIds: [second.id] },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(
      (await app.inject({ url: '/api/deals', headers: buyer.headers })).json().items[0].coverPhotoUrl,
    ).toBe(second.thumbUrl);

    // Remove: the files go too.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deals/${id}/photos/${second.id}`,
      headers: seller.headers,
    });
    expect(removed.json().photos).toHaveLength(1);
    expect((await app.inject({ url: second.thumbUrl })).statusCode).toBe(404);
    // Buyers do not manage photos.
    expect((await upload(buyer, id, await cameraJpeg(100, 100))).statusCode).toBe(403);
  });

  it('refuses files that are not images, oversized files, unreadable HEIC and the 31st photo', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const { id } = (
      await app.inject({ method: 'POST', url: '/api/deals', headers: seller.headers, payload: cashDeal() })
    ).json();

    const text = await upload(seller, id, Buffer.from('not an image at all'), 'photo.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'PHOTO_TYPE_UNSUPPORTED' });

    const huge = Buffer.alloc(15 * 1024 * 1024 + 1, 0);
    (await cameraJpeg(10, 10)).copy(huge);
    const big = await upload(seller, id, huge);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'PHOTO_TOO_LARGE', message: 'Each photo must be 15 MB or smaller.' });

    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64, 7)]);
    const unreadable = await upload(seller, id, heic, 'IMG_0001.HEIC');
    expect(unreadable.statusCode).toBe(415);
    expect(unreadable.json()).toMatchObject({ code: 'PHOTO_UNREADABLE' });

    await app.database.db.insert(dealPhotos).values(
      Array.from({ length: 30 }, (_, position) => ({
        dealId: id,
        position,
        key: `photos/00000000-0000-4000-8000-${String(position).padStart(12, '0')}.webp`,
        width: 10,
        height: 10,
      })),
    );
    const thirtyFirst = await upload(seller, id, await cameraJpeg(50, 50));
    expect(thirtyFirst.statusCode).toBe(409);
    expect(thirtyFirst.json()).toEqual({
      code: 'PHOTO_LIMIT',
      message: 'A deal can have at most 30 photos.',
    });
  });
});

describe('photoSrcSet', () => {
  const url = (key: string) => `/files/${key}`;

  it('lists each stored size with the width the resize gave it', () => {
    expect(photoSrcSet('photos/a.webp', { width: 2400, height: 1600 }, url)).toBe(
      '/files/photos/a-400.webp 400w, /files/photos/a-1200.webp 1200w, /files/photos/a.webp 2400w',
    );
    // A portrait photo: the sizes fit a square, so the width is the shorter side's share.
    expect(photoSrcSet('photos/b.webp', { width: 1500, height: 2000 }, url)).toBe(
      '/files/photos/b-400.webp 300w, /files/photos/b-1200.webp 900w, /files/photos/b.webp 1500w',
    );
  });

  it('names a width once when a small photo was never enlarged', () => {
    expect(photoSrcSet('photos/c.webp', { width: 300, height: 200 }, url)).toBe(
      '/files/photos/c-400.webp 300w',
    );
  });
});

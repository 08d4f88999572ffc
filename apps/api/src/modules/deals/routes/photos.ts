/**
 * `POST /api/deals/{id}/photos` (one image per request, multipart field `file`),
 * `DELETE /api/deals/{id}/photos/{photoId}` and `PUT /api/deals/{id}/photos/order`. Only the deal's
 * originator (or an admin) manages its photos.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@dealclub/shared/deals';
import { sniffPhotoType } from '@dealclub/shared/preferences';
import { SELLER_SIDE } from '@dealclub/shared/roles';
import { dealPhotos, deals } from '../../../db/schema';
import { AppError, fieldError } from '../../../lib/app-error';
import { readFileUpload } from '../../../lib/uploads';
import { requireUser, type AuthenticatedUser } from '../../../plugins/auth';
import { removePhotoFiles, storePhoto } from '../photos';
import { photoOf } from '../service';
import { managesDeal, readsDeal, viewerOf, visibleTo } from '../visibility';

const Photo = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  fullUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
const auth = { security: [{ bearerAuth: [] }] };
const DealParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });

export const dealPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  async function managed(user: AuthenticatedUser, id: string) {
    const [row] = await db()
      .select()
      .from(deals)
      .where(and(eq(deals.id, id), visibleTo(viewerOf(user))));
    // Another seller does not see the deal at all (as GET /api/deals/:id): 404, not 403.
    if (!row || row.status === 'deleted' || !readsDeal(user, row)) throw new AppError('LISTING_NOT_FOUND');
    if (!managesDeal(viewerOf(user), row)) throw new AppError('FORBIDDEN');
    return row;
  }
  /** The seller side, and of them the deal's manager, before a body that does not validate is answered. */
  const forManager: FastifyContextConfig = { roles: SELLER_SIDE, guard: managed };

  const photosOf = async (dealId: string) =>
    (
      await db()
        .select()
        .from(dealPhotos)
        .where(eq(dealPhotos.dealId, dealId))
        .orderBy(asc(dealPhotos.position))
    ).map(photoOf);

  app.post(
    '/api/deals/:id/photos',
    {
      config: forManager,
      schema: {
        tags: ['deals'],
        summary: 'Add a photo (JPEG, PNG, WebP or HEIC by its bytes, 15 MB, 30 a deal)',
        ...auth,
        consumes: ['multipart/form-data'],
        params: DealParams,
        response: { 201: z.object({ photo: Photo, photos: z.array(Photo) }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const deal = await managed(user, request.params.id);
      const [{ n } = { n: 0 }] = await db()
        .select({ n: count() })
        .from(dealPhotos)
        .where(eq(dealPhotos.dealId, deal.id));
      if (n >= MAX_PHOTOS) throw new AppError('PHOTO_LIMIT');
      const bytes = await readFileUpload(request, MAX_PHOTO_BYTES, 'PHOTO_TOO_LARGE');
      if (!sniffPhotoType(bytes)) throw new AppError('PHOTO_TYPE_UNSUPPORTED');
      const stored = await storePhoto(app.storage, bytes);
      const inserted = await db().transaction(async (tx) => {
        // Serialises additions to one deal, so the limit and the positions hold under concurrency.
        await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, deal.id)).for('update');
        const [{ total, last } = { total: 0, last: -1 }] = await tx
          .select({ total: count(), last: sql<number>`coalesce(max(${dealPhotos.position}), -1)::int` })
          .from(dealPhotos)
          .where(eq(dealPhotos.dealId, deal.id));
        if (total >= MAX_PHOTOS) return null;
        const [row] = await tx
          .insert(dealPhotos)
          .values({ dealId: deal.id, position: last + 1, ...stored })
          .returning();
        return row!;
      });
      if (!inserted) {
        await removePhotoFiles(app.storage, stored.key);
        throw new AppError('PHOTO_LIMIT');
      }
      return reply.status(201).send({ photo: photoOf(inserted), photos: await photosOf(deal.id) });
    },
  );

  app.delete(
    '/api/deals/:id/photos/:photoId',
    {
      config: forManager,
      schema: {
        tags: ['deals'],
        summary: 'Remove a photo',
        ...auth,
        params: DealParams.extend({ photoId: z.uuid({ error: 'errors.NOT_FOUND' }) }),
        response: { 200: z.object({ photos: z.array(Photo) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const deal = await managed(user, request.params.id);
      const [removed] = await db()
        .delete(dealPhotos)
        .where(and(eq(dealPhotos.id, request.params.photoId), eq(dealPhotos.dealId, deal.id)))
        .returning();
      if (!removed) throw new AppError('NOT_FOUND');
      await removePhotoFiles(app.storage, removed.key);
      return { photos: await photosOf(deal.id) };
    },
  );

  app.put(
    '/api/deals/:id/photos/order',
    {
      config: forManager,
      schema: {
        tags: ['deals'],
        summary: 'Put the photos in this order (every photo of the deal once); the first is the cover',
        ...auth,
        params: DealParams,
        body: z.object({ photoIds: z.array(z.uuid()).max(MAX_PHOTOS) }).strict(),
        response: { 200: z.object({ photos: z.array(Photo) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const deal = await managed(user, request.params.id);
      const { photoIds } = request.body;
      await db().transaction(async (tx) => {
        const current = await tx
          .select({ id: dealPhotos.id })
          .from(dealPhotos)
          .where(eq(dealPhotos.dealId, deal.id))
          .for('update');
        const known = new Set(current.map((p) => p.id));
        if (
          photoIds.length !== known.size ||
          new Set(photoIds).size !== known.size ||
          !photoIds.every((id) => known.has(id))
        ) {
          throw new AppError('VALIDATION_FAILED', undefined, [
            fieldError('photoIds', 'deals.validation.photoOrder'),
          ]);
        }
        for (const [position, id] of photoIds.entries()) {
          await tx.update(dealPhotos).set({ position }).where(eq(dealPhotos.id, id));
        }
      });
      return { photos: await photosOf(deal.id) };
    },
  );
};

/** `GET /api/geo/zip-codes?codes=…`: what the reference data knows of up to 50 ZIP codes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIP_PATTERN } from '@dealclub/shared/geo';
import { MAX_BUY_BOX_ZIPS } from '@dealclub/shared/preferences';
import { lookupZips } from './zip-lookup';

const ZipInfo = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo/zip-codes',
    {
      schema: {
        tags: ['geo'],
        summary: 'City, state and position of ZIP codes (unknown ones are absent from the answer)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          codes: z
            .string()
            .transform((v) => [
              ...new Set(
                v
                  .split(',')
                  .map((c) => c.trim())
                  .filter(Boolean),
              ),
            ])
            .pipe(z.array(z.string().regex(ZIP_PATTERN, 'geo.validation.zip')).max(MAX_BUY_BOX_ZIPS)),
        }),
        response: {
          200: z.object({ items: z.array(ZipInfo), nextCursor: z.null(), total: z.number() }),
        },
      },
    },
    async (request) => {
      const found = await lookupZips(app.database.db, request.query.codes);
      // At most MAX_BUY_BOX_ZIPS codes are asked for: the whole list is one page.
      const items = request.query.codes.flatMap((zip) => found.get(zip) ?? []);
      return { items, nextCursor: null, total: items.length };
    },
  );
};

/**
 * The saved searches of API.md: `GET`, `POST /api/saved-searches` and `DELETE /api/saved-searches/{id}`,
 * the buyer side's own. The filters are those of `GET /api/deals`; see service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { SEARCH_FREQUENCIES } from '@dealclub/shared/preferences';
import { BUYER_SIDE } from '@dealclub/shared/roles';
import { savedSearchFormSchema } from '@dealclub/shared/saved-searches';
import { requireUser } from '../../plugins/auth';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './service';

const auth = { security: [{ bearerAuth: [] }] };

/** The filters as they are kept and answered (`tags` a list, `verified` true). */
const Filters = z.object({
  maxPrice: z.number().optional(),
  minBedrooms: z.number().optional(),
  minBathrooms: z.number().optional(),
  category: z.string().optional(),
  purchaseType: z.string().optional(),
  propertyType: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  zipCode: z.string().optional(),
  tags: z.array(z.string()).optional(),
  q: z.string().optional(),
  verified: z.boolean().optional(),
  sort: z.string().optional(),
});

const SavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  filters: Filters,
  frequency: z.enum(SEARCH_FREQUENCIES),
  createdAt: z.date(),
});

const Body = savedSearchFormSchema.extend({
  // Read in the handler, so that every refusal of the filters, a missing one too, has its own code.
  filters: z
    .unknown()
    .optional()
    .meta({
      description:
        'The filters of GET /api/deals (maxPrice, minBedrooms, minBathrooms, category, purchaseType, ' +
        'propertyType, state, city, zipCode, tags, q, verified) and its sort, at least one filter; `tags` ' +
        'a list or comma-separated, `verified` true. Refused with SAVED_SEARCH_FILTERS_INVALID (400).',
    }),
});

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/saved-searches',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['matching'],
        summary: 'My saved searches, newest first',
        ...auth,
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: {
          200: z.object({
            items: z.array(SavedSearch),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listSavedSearches(db(), user.id, request.query);
    },
  );

  app.post(
    '/api/saved-searches',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['matching'],
        summary:
          'Save the deal list filters as a search that alerts at its frequency (at most 20; SAVED_SEARCH_LIMIT, 409)',
        ...auth,
        body: Body,
        response: { 201: SavedSearch },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await createSavedSearch(db(), user.id, request.body));
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: { roles: BUYER_SIDE },
      schema: {
        tags: ['matching'],
        summary: 'Delete one of my saved searches',
        ...auth,
        params: z.object({ id: z.uuid({ error: 'errors.SAVED_SEARCH_NOT_FOUND' }) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deleteSavedSearch(db(), user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

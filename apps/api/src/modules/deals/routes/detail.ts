/**
 * One deal (API.md): its page, the buyers it fits (its manager's) and its risk disclosures.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { contentLanguage } from '../../../lib/content-language';
import { decodeOffset, encodeOffset } from '../../../lib/cursor';
import { requireUser, type AuthenticatedUser } from '../../../plugins/auth';
import { matchingBuyers, type MatchedBuyer } from '../../matching';
import { disclosureItems } from '../../trust';
import { managesDeal, viewerOf } from '../visibility';
import { auth, Detail, IdParams, PageQuery, type DealAccess } from './access';

/** The matching buyers a seller's list shows (the counts are of them all). */
export const MATCH_LIST_MAX = 200;

export const dealDetailRoutes: FastifyPluginAsyncZod<{ access: DealAccess }> = async (app, { access }) => {
  const db = () => app.database.db;

  /**
   * The deal whose matching buyers the user may see: the buyers a deal fits are its originator's
   * (and moderators') to know, like its offers and interests; for anyone else the list is not there
   * (API.md: 404, not 403).
   */
  async function matchedDeal(user: AuthenticatedUser, id: string) {
    const row = await access.visibleDeal(user, id);
    if (!managesDeal(viewerOf(user), row)) throw new AppError('LISTING_NOT_FOUND');
    return row;
  }

  app.get(
    '/api/deals/:id',
    {
      schema: { tags: ['deals'], summary: 'One deal', ...auth, params: IdParams, response: { 200: Detail } },
    },
    async (request) => {
      return access.dealPage(requireUser(request), request.params.id, request);
    },
  );

  app.get(
    '/api/deals/:id/matches',
    {
      config: { guard: matchedDeal },
      schema: {
        tags: ['matching'],
        summary:
          "The buyers a deal fits, best match first, a page at a time (the deal's originator and admins): " +
          `count and certifiedCount are of every matching buyer; the list holds the best ${MATCH_LIST_MAX}`,
        ...auth,
        params: IdParams,
        querystring: PageQuery,
        response: {
          200: z.object({
            count: z.number(),
            certifiedCount: z.number(),
            items: z.array(
              z.object({
                buyer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
                score: z.number(),
                certified: z.boolean(),
              }),
            ),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const row = await matchedDeal(requireUser(request), request.params.id);
      const { limit } = request.query;
      const offset = decodeOffset(request.query.cursor);
      const found: MatchedBuyer[] = [];
      let count = 0;
      let certifiedCount = 0;
      for await (const page of matchingBuyers(db(), row)) {
        count += page.length;
        certifiedCount += page.filter((b) => b.certified).length;
        found.push(...page);
        // The list shows the best; the counts are of every matching buyer.
        found.sort((a, b) => b.match.score - a.match.score || Number(b.certified) - Number(a.certified));
        found.length = Math.min(found.length, MATCH_LIST_MAX);
      }
      return {
        count,
        certifiedCount,
        items: found.slice(offset, offset + limit).map((b) => ({
          buyer: { id: b.id, firstName: b.firstName, lastName: b.lastName },
          score: b.match.score,
          certified: b.certified,
        })),
        nextCursor: found.length > offset + limit ? encodeOffset(offset + limit) : null,
        total: found.length,
      };
    },
  );

  app.get(
    '/api/deals/:id/disclosures',
    {
      schema: {
        tags: ['deals'],
        summary: "The deal's risk disclosures, which a creative offer acknowledges",
        ...auth,
        params: IdParams,
        response: {
          200: z.object({
            items: z.array(
              z.object({ key: z.string(), title: z.string(), body: z.string(), help: z.string() }),
            ),
            nextCursor: z.null(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await access.visibleDeal(user, request.params.id);
      const language = contentLanguage(request.headers['accept-language'], user.row.languagePreference);
      // A handful at most (one per creative term): one page, the whole list.
      const items = disclosureItems(row, language);
      return { items, nextCursor: null, total: items.length };
    },
  );
};

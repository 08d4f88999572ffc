/**
 * The help centre's calls (API.md, feedback, help, roadmap). Reading and 'Was this helpful?' are
 * public (shell §6), in the reader's language: `lang` when the call names one, else
 * `Accept-Language`, else a signed-in reader's preference, else English. A token sent to a public
 * call is read (`optionalAuth`), so a signed-in reader votes as themselves. Everything under
 * `/api/help/admin` is the admins' (admin.ts). Articles and Q&A have the same calls (kinds.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@dealclub/shared/constants';
import { helpVoteSchema } from '@dealclub/shared/help';
import { decodeOffset, encodeOffset } from '../../../lib/cursor';
import { translate } from '../../../lib/i18n';
import { perUserLimit } from '../../../plugins/rate-limit';
import { categoryCounts, listPublished, readPublished, vote } from '../service';
import { voterOf } from '../voter';
import { adminHelpRoutes } from './admin';
import { Category, HELP_KINDS, IdOrSlug, Lang, ListQuery, readerLanguage } from './kinds';

/** Votes a minute per signed-in reader, else per address. */
const HELP_VOTES_PER_MINUTE = 30;

export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const voteLimit = perUserLimit(app, 'help-votes', HELP_VOTES_PER_MINUTE);

  app.get(
    '/api/help/categories',
    {
      config: { optionalAuth: true },
      schema: {
        tags: ['help'],
        summary: "The help centre's categories in the reader's language, with their published items",
        querystring: z.object({ lang: Lang }),
        response: {
          200: z.object({
            items: z.array(
              z.object({ key: Category, name: z.string(), articles: z.number(), questions: z.number() }),
            ),
            nextCursor: z.null(),
            total: z.number(),
            language: z.enum(LANGUAGES),
          }),
        },
      },
    },
    async (request, reply) => {
      const language = readerLanguage(request, reply, request.query.lang);
      const items = (await categoryCounts(db())).map((c) => ({
        ...c,
        name: translate(language, `help.categories.${c.key}`),
      }));
      return { items, nextCursor: null, total: items.length, language };
    },
  );

  for (const kind of HELP_KINDS) {
    const { spec, path, noun } = kind;

    app.get(
      `/api/help/${path}`,
      {
        config: { optionalAuth: true },
        schema: {
          tags: ['help'],
          summary: `Published ${noun}s in the reader's language; with q, those matching every word, best first, highlighted`,
          querystring: ListQuery,
          response: {
            200: z.object({
              items: z.array(kind.listItem),
              nextCursor: z.string().nullable(),
              total: z.number(),
              language: z.enum(LANGUAGES),
            }),
          },
        },
      },
      async (request, reply) => {
        const language = readerLanguage(request, reply, request.query.lang);
        const { q, category, limit } = request.query;
        const offset = decodeOffset(request.query.cursor);
        const { items, total } = await listPublished(db(), spec, {
          lang: language,
          q,
          category,
          offset,
          limit,
        });
        return {
          items: items.map(kind.toListItem),
          nextCursor: offset + items.length < total ? encodeOffset(offset + limit) : null,
          total,
          language,
        };
      },
    );

    app.get(
      `/api/help/${path}/:id`,
      {
        config: { optionalAuth: true },
        schema: {
          tags: ['help'],
          summary: `A published ${noun} by id or slug, in the reader's language, with the reader's vote`,
          params: IdOrSlug,
          querystring: z.object({ lang: Lang }),
          response: { 200: kind.page },
        },
      },
      async (request, reply) => {
        const language = readerLanguage(request, reply, request.query.lang);
        const voter = await voterOf(app, request);
        const page = await readPublished(db(), spec, request.params.id, language, voter.voter);
        return kind.toPage(page, language);
      },
    );

    app.post(
      `/api/help/${path}/:id/helpful`,
      {
        config: { optionalAuth: true },
        preHandler: voteLimit,
        schema: {
          tags: ['help'],
          summary: `'Was this helpful?' on a published ${noun}: once per reader (signed in) or address, changeable`,
          params: IdOrSlug,
          body: helpVoteSchema,
          response: { 200: z.object({ myVote: z.boolean() }) },
        },
      },
      async (request) => {
        const voter = await voterOf(app, request);
        return { myVote: await vote(db(), spec, request.params.id, voter, request.body.helpful) };
      },
    );
  }

  await app.register(adminHelpRoutes);
};

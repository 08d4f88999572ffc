/**
 * The help centre's calls (API.md, feedback, help, roadmap). Reading and 'Was this helpful?' are
 * public (shell §6), in the reader's language: `lang` when the call names one, else
 * `Accept-Language`, else a signed-in reader's preference, else English. A token sent to a public
 * call is read (`optionalAuth`), so a signed-in reader votes as themselves. Everything under
 * `/api/help/admin` is the admins'. Articles and Q&A have the same calls: `registerHelpKind` adds
 * them for one kind.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, type Language } from '@dealclub/shared/constants';
import {
  HELP_CATEGORIES,
  helpArticleInputSchema,
  helpCategorySchema,
  helpQaInputSchema,
  helpQuerySchema,
  helpVoteSchema,
} from '@dealclub/shared/help';
import { contentLanguage } from '../../lib/content-language';
import { decodeOffset, encodeOffset } from '../../lib/cursor';
import { translate } from '../../lib/i18n';
import { requireRole } from '../../plugins/auth';
import { recordAdminAction } from '../audit/audit';
import { perUserLimit } from '../../plugins/rate-limit';
import {
  adminItem,
  adminList,
  ARTICLES,
  categoryCounts,
  createItem,
  deleteItem,
  listPublished,
  QUESTIONS,
  readPublished,
  updateItem,
  vote,
  type AdminHelpItem,
  type HelpItemInput,
  type HelpKindSpec,
  type HelpListItem,
  type HelpPage,
} from './service';
import { voterOf } from './voter';

/** Votes a minute per signed-in reader, else per address. */
const HELP_VOTES_PER_MINUTE = 30;

const auth = { security: [{ bearerAuth: [] }] };
const Snippet = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
});
const Bilingual = z.object({ en: z.string(), es: z.string() });
const Category = z.enum(HELP_CATEGORIES);
const Lang = z
  .enum(LANGUAGES)
  .optional()
  .meta({ description: 'The language of the texts (else Accept-Language)' });
/** An item's id or slug; anything else is a 404, like an unknown one. */
const IdOrSlug = z.object({ id: z.string().min(1).max(100) });
const Id = z.object({ id: z.uuid() });
const Page = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};
const ListQuery = z.object({
  q: helpQuerySchema.optional().meta({ description: 'Search words; the last one as a prefix while typed' }),
  category: helpCategorySchema.optional(),
  lang: Lang,
  ...Page,
});
const AdminListQuery = z.object({
  category: helpCategorySchema.optional(),
  published: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...Page,
});
const Votes = z.object({ helpful: z.number(), notHelpful: z.number() });
const AdminCommon = {
  id: z.string(),
  slug: z.string(),
  category: Category,
  position: z.number(),
  published: z.boolean(),
  votes: Votes,
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

/** The reader's language (module comment), announced on the answer. */
function readerLanguage(request: FastifyRequest, reply: FastifyReply, lang: Language | undefined): Language {
  const language =
    lang ?? contentLanguage(request.headers['accept-language'], request.user?.row.languagePreference);
  reply
    .header('content-language', language)
    .header('vary', 'Accept-Language, Authorization')
    .header('cache-control', 'no-store');
  return language;
}

interface HelpKindRoutes {
  spec: HelpKindSpec;
  /** The path segment: `articles` or `qa`. */
  path: string;
  /** What one is called in the docs. */
  noun: string;
  listItem: z.ZodType;
  page: z.ZodType;
  admin: z.ZodType;
  input: z.ZodType;
  toListItem(item: HelpListItem): unknown;
  toPage(page: HelpPage, language: Language): unknown;
  toAdmin(item: AdminHelpItem): unknown;
  fromInput(body: never): HelpItemInput;
}

const ARTICLE_ROUTES: HelpKindRoutes = {
  spec: ARTICLES,
  path: 'articles',
  noun: 'article',
  listItem: z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    title: Snippet,
    snippet: Snippet,
    updatedAt: z.string(),
  }),
  page: z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    title: z.string(),
    body: z.string().meta({ description: 'Markdown, rendered without raw HTML' }),
    updatedAt: z.string(),
    myVote: z.boolean().nullable(),
    language: z.enum(LANGUAGES),
  }),
  admin: z.object({ ...AdminCommon, title: Bilingual, body: Bilingual }),
  input: helpArticleInputSchema,
  toListItem: (item) => item,
  toPage: (page, language) => ({ ...page, language }),
  toAdmin: (item) => item,
  fromInput: (body: z.output<typeof helpArticleInputSchema>) => body,
};

const QA_ROUTES: HelpKindRoutes = {
  spec: QUESTIONS,
  path: 'qa',
  noun: 'question and answer',
  listItem: z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    question: Snippet,
    snippet: Snippet,
    updatedAt: z.string(),
  }),
  page: z.object({
    id: z.string(),
    slug: z.string(),
    category: Category,
    question: z.string(),
    answer: z.string().meta({ description: 'Markdown, rendered without raw HTML' }),
    updatedAt: z.string(),
    myVote: z.boolean().nullable(),
    language: z.enum(LANGUAGES),
  }),
  admin: z.object({ ...AdminCommon, question: Bilingual, answer: Bilingual }),
  input: helpQaInputSchema,
  toListItem: ({ title, ...item }) => ({ ...item, question: title }),
  toPage: ({ title, body, ...page }, language) => ({ ...page, question: title, answer: body, language }),
  toAdmin: ({ title, body, ...item }) => ({ ...item, question: title, answer: body }),
  fromInput: ({ question, answer, ...rest }: z.output<typeof helpQaInputSchema>) => ({
    ...rest,
    title: question,
    body: answer,
  }),
};

export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const voteLimit = perUserLimit(app, 'help-votes', HELP_VOTES_PER_MINUTE);
  const requireAdmin = (request: FastifyRequest) => requireRole(request, ['admin']);

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

  for (const kind of [ARTICLE_ROUTES, QA_ROUTES]) {
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

    app.get(
      `/api/help/admin/${path}`,
      {
        schema: {
          tags: ['help', 'admin'],
          summary: `Every ${noun}, drafts included, in both languages with its readers' votes`,
          ...auth,
          querystring: AdminListQuery,
          response: {
            200: z.object({
              items: z.array(kind.admin),
              nextCursor: z.string().nullable(),
              total: z.number(),
            }),
          },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        reply.header('cache-control', 'no-store');
        const { category, published, limit } = request.query;
        const offset = decodeOffset(request.query.cursor);
        const { items, total } = await adminList(db(), spec, { category, published, offset, limit });
        return {
          items: items.map(kind.toAdmin),
          nextCursor: offset + items.length < total ? encodeOffset(offset + limit) : null,
          total,
        };
      },
    );

    app.post(
      `/api/help/admin/${path}`,
      {
        schema: {
          tags: ['help', 'admin'],
          summary: `Add a ${noun}; publishing needs both languages`,
          ...auth,
          body: kind.input,
          response: { 201: kind.admin },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const id = await createItem(db(), spec, kind.fromInput(request.body as never), admin.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id }, 'help item created');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.create`,
          targetType: `help_${spec.kind}`,
          targetId: id,
        });
        return reply.status(201).send(kind.toAdmin(await adminItem(db(), spec, id)));
      },
    );

    app.put(
      `/api/help/admin/${path}/:id`,
      {
        schema: {
          tags: ['help', 'admin'],
          summary: `Replace a ${noun} and whether it is published (publish, unpublish); publishing needs both languages`,
          ...auth,
          params: Id,
          body: kind.input,
          response: { 200: kind.admin },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await updateItem(db(), spec, request.params.id, kind.fromInput(request.body as never), admin.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id: request.params.id }, 'help item updated');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.update`,
          targetType: `help_${spec.kind}`,
          targetId: request.params.id,
          details: { published: (request.body as { published?: boolean }).published ?? null },
        });
        return kind.toAdmin(await adminItem(db(), spec, request.params.id));
      },
    );

    app.delete(
      `/api/help/admin/${path}/:id`,
      {
        schema: {
          tags: ['help', 'admin'],
          summary: `Delete a ${noun} and its votes`,
          ...auth,
          params: Id,
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        await deleteItem(db(), spec, request.params.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id: request.params.id }, 'help item deleted');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.delete`,
          targetType: `help_${spec.kind}`,
          targetId: request.params.id,
        });
        return reply.status(204).send();
      },
    );
  }
};

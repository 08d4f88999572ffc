/**
 * The feature roadmap's calls (API.md, feedback, help, roadmap). `GET /api/features` is public
 * (signed out reads; a token, when sent, is read so `votedByMe` is the reader's), in the reader's
 * language: `lang` when the call names one, else `Accept-Language`, else a signed-in reader's
 * preference, else English. Votes are the signed-in users': `POST` records one (201; a second
 * vote is a no-op answering 200 with the same state), `DELETE` takes it back (204, also when there
 * was none). Everything under `/api/admin/features` is the admins'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@dealclub/shared/constants';
import { ROADMAP_STATUSES, roadmapItemInputSchema } from '@dealclub/shared/roadmap';
import { contentLanguage } from '../../lib/content-language';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { perUserLimit } from '../../plugins/rate-limit';
import { recordAdminAction } from '../audit';
import {
  addVote,
  adminItem,
  adminList,
  createItem,
  deleteItem,
  listItems,
  removeVote,
  updateItem,
} from './service';

/** Votes and take-backs a minute per user. */
const ROADMAP_VOTES_PER_MINUTE = 30;

const auth = { security: [{ bearerAuth: [] }] };
const Status = z.enum(ROADMAP_STATUSES);
const Bilingual = z.object({ en: z.string(), es: z.string() });
const Id = z.object({ id: z.uuid() });
const Item = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: Status,
  position: z.number(),
  votes: z.number(),
  votedByMe: z.boolean(),
});
const AdminItem = z.object({
  id: z.string(),
  title: Bilingual,
  description: Bilingual,
  status: Status,
  position: z.number(),
  votes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
const VoteResult = z.object({ votes: z.number(), votedByMe: z.boolean() });

export const roadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const voteLimit = perUserLimit(app, 'roadmap-votes', ROADMAP_VOTES_PER_MINUTE);

  app.get(
    '/api/features',
    {
      config: { optionalAuth: true },
      schema: {
        tags: ['roadmap'],
        summary:
          "The roadmap in the reader's language, by status (planned, in progress, done) then position, with vote counts",
        querystring: z.object({
          lang: z
            .enum(LANGUAGES)
            .optional()
            .meta({ description: 'The language of the texts (else Accept-Language)' }),
        }),
        response: {
          200: z.object({
            items: z.array(Item),
            nextCursor: z.null(),
            total: z.number(),
            language: z.enum(LANGUAGES),
          }),
        },
      },
    },
    async (request, reply) => {
      const language =
        request.query.lang ??
        contentLanguage(request.headers['accept-language'], request.user?.row.languagePreference);
      reply
        .header('content-language', language)
        .header('vary', 'Accept-Language, Authorization')
        .header('cache-control', 'no-store');
      const items = await listItems(db(), language, request.user?.id ?? null);
      return { items, nextCursor: null, total: items.length, language };
    },
  );

  app.post(
    '/api/features/:id/vote',
    {
      preHandler: voteLimit,
      schema: {
        tags: ['roadmap'],
        summary: 'Vote for a roadmap item: once per user; a second vote changes nothing (200)',
        ...auth,
        params: Id,
        response: { 200: VoteResult, 201: VoteResult },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { created, ...result } = await addVote(db(), request.params.id, user.id);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/api/features/:id/vote',
    {
      preHandler: voteLimit,
      schema: {
        tags: ['roadmap'],
        summary: "Take back one's vote for a roadmap item (204, also without a vote)",
        ...auth,
        params: Id,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await removeVote(db(), request.params.id, user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/features',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['roadmap', 'admin'],
        summary: 'Every roadmap item in both languages, in the roadmap order, with its votes',
        ...auth,
        response: {
          200: z.object({ items: z.array(AdminItem), nextCursor: z.null(), total: z.number() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const items = await adminList(db());
      return { items, nextCursor: null, total: items.length };
    },
  );

  app.post(
    '/api/admin/features',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['roadmap', 'admin'],
        summary: 'Add a roadmap item (both languages), last in its status unless a position is given',
        ...auth,
        body: roadmapItemInputSchema,
        response: { 201: AdminItem },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const id = await createItem(db(), request.body, admin.id);
      request.log.info({ actor: admin.id, id }, 'roadmap item created');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'roadmap.create',
        targetType: 'roadmap_item',
        targetId: id,
      });
      return reply.status(201).send(await adminItem(db(), id));
    },
  );

  app.put(
    '/api/admin/features/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['roadmap', 'admin'],
        summary: 'Replace a roadmap item: texts, status and (when given) position',
        ...auth,
        params: Id,
        body: roadmapItemInputSchema,
        response: { 200: AdminItem },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await updateItem(db(), request.params.id, request.body, admin.id);
      request.log.info({ actor: admin.id, id: request.params.id }, 'roadmap item updated');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'roadmap.update',
        targetType: 'roadmap_item',
        targetId: request.params.id,
        details: { status: request.body.status },
      });
      return adminItem(db(), request.params.id);
    },
  );

  app.delete(
    '/api/admin/features/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['roadmap', 'admin'],
        summary: 'Delete a roadmap item and its votes',
        ...auth,
        params: Id,
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      await deleteItem(db(), request.params.id);
      request.log.info({ actor: admin.id, id: request.params.id }, 'roadmap item deleted');
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'roadmap.delete',
        targetType: 'roadmap_item',
        targetId: request.params.id,
      });
      return reply.status(204).send();
    },
  );
};

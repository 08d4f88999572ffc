/**
 * The conversation calls of API.md: threads, messages, block, and the bell's notifications. Only a
 * thread's two participants read or write it; to anyone else it does not exist (404). Writes are
 * announced in realtime after they commit.
 */
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatMessageSchema, startThreadSchema } from '@dealclub/shared/chat';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { requireRole, requireUser } from '../../plugins/auth';
import { answeredAgain, IdempotencyHeaders } from '../../plugins/idempotency';
import { perUserLimit } from '../../plugins/rate-limit';
import { viewerOf } from '../deals';
import { messageOf, messagePage, threadList, threadSummary, unreadNotifications } from './queries';
import {
  announce,
  blockThread,
  markNotificationRead,
  markThreadRead,
  participantThread,
  postMessage,
  startThread,
} from './service';

const auth = { security: [{ bearerAuth: [] }] };
const ThreadParams = z.object({ id: z.uuid({ error: 'errors.THREAD_NOT_FOUND' }) });
const NotificationParams = z.object({ id: z.uuid({ error: 'errors.NOT_FOUND' }) });
/** API.md's pagination: an opaque cursor and a limit (default 24, max 100). */
const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
/** Answers typed by `@dealclub/shared/chat`; serialised as they are. */
const Json = z.looseObject({}) as unknown as z.ZodType<object>;
/** A list's page (API.md): its items, typed by `@dealclub/shared/chat`, plus what a list adds. */
const Page = z.object({
  items: z.array(Json),
  nextCursor: z.string().nullable(),
  total: z.number(),
});

/** Messages a participant may send a minute (each may e-mail the other side). */
export const CHAT_MESSAGES_PER_MINUTE = 30;

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  const messageLimit = perUserLimit(app, 'chat-messages', CHAT_MESSAGES_PER_MINUTE);
  /** A thread's calls: its two participants'. */
  const forParticipants: FastifyContextConfig = {
    guard: (user, id) => participantThread(db(), user.id, id),
  };

  app.get(
    '/api/chat/threads',
    {
      schema: {
        tags: ['chat'],
        summary: 'My conversations, most recent activity first',
        ...auth,
        querystring: PageQuery,
        response: { 200: Page },
      },
    },
    async (request) => threadList(db(), requireUser(request).id, request.query),
  );

  app.post(
    '/api/chat/threads',
    {
      // Who may write depends on the body (below): the key is looked at once that is settled.
      config: { idempotent: 'in-handler' },
      preHandler: messageLimit,
      schema: {
        tags: ['chat'],
        summary: "Write to a deal's originator: starts the conversation, or continues it",
        ...auth,
        headers: IdempotencyHeaders,
        body: startThreadSchema,
        response: { 201: Json },
      },
    },
    async (request, reply) => {
      // A buyer writes to a seller; a seller to a buyer their deal fits (`buyerId`).
      const user = requireRole(request, request.body.buyerId ? SELLER_SIDE : BUYER_SIDE);
      if (await answeredAgain(request, reply)) return reply;
      const { thread, message, announcement } = await startThread(
        db(),
        viewerOf(user),
        request.body.dealId,
        request.body.body,
        request.body.buyerId,
      );
      await announce(app.realtime, [announcement]);
      return reply.status(201).send({
        thread: await threadSummary(db(), user.id, thread),
        message: messageOf(message, user.row),
      });
    },
  );

  app.get(
    '/api/chat/threads/:id/messages',
    {
      config: forParticipants,
      schema: {
        tags: ['chat'],
        summary: "A conversation's messages, newest first (the first page marks it read)",
        ...auth,
        params: ThreadParams,
        querystring: PageQuery,
        response: { 200: Page.extend({ thread: Json }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await participantThread(db(), user.id, request.params.id);
      const page = await messagePage(db(), thread, request.query);
      if (!request.query.cursor) await markThreadRead(db(), user.id, thread, page.items[0]?.id);
      return { thread: await threadSummary(db(), user.id, thread), ...page };
    },
  );

  app.post(
    '/api/chat/threads/:id/messages',
    {
      config: { ...forParticipants, idempotent: true },
      preHandler: messageLimit,
      schema: {
        tags: ['chat'],
        summary: 'Send a message (up to 2,000 characters; refused in a blocked conversation)',
        ...auth,
        headers: IdempotencyHeaders,
        params: ThreadParams,
        body: chatMessageSchema,
        response: { 201: Json },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { message, announcement } = await postMessage(
        db(),
        user.row,
        request.params.id,
        request.body.body,
      );
      await announce(app.realtime, [announcement]);
      return reply.status(201).send(messageOf(message, user.row));
    },
  );

  app.post(
    '/api/chat/threads/:id/block',
    {
      schema: {
        tags: ['chat'],
        summary: 'Block a conversation (either side): it takes no new messages',
        ...auth,
        params: ThreadParams,
        response: { 200: Json },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await blockThread(db(), user.id, request.params.id);
      return threadSummary(db(), user.id, thread);
    },
  );

  app.get(
    '/api/chat/notifications',
    {
      schema: {
        tags: ['chat'],
        summary: 'My unread notifications, newest first, and their count (`total`, also `unreadCount`)',
        ...auth,
        querystring: PageQuery,
        response: { 200: Page.extend({ unreadCount: z.number() }) },
      },
    },
    async (request) => unreadNotifications(db(), requireUser(request).id, request.query),
  );

  app.put(
    '/api/chat/notifications/:id/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'Mark one of my notifications read',
        ...auth,
        params: NotificationParams,
      },
    },
    async (request, reply) => {
      await markNotificationRead(db(), requireUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};

/**
 * The conversation calls of API.md: threads, messages, block, and the bell's notifications. Only a
 * thread's two participants read or write it; to anyone else it does not exist (404). Writes are
 * announced in realtime after they commit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatMessageSchema, startThreadSchema } from '@dealclub/shared/chat';
import { BUYER_SIDE, SELLER_SIDE } from '@dealclub/shared/roles';
import { perUserLimit } from '../../lib/per-user-limit';
import { requireRole, requireUser } from '../../plugins/auth';
import { viewerOf } from '../deals/visibility';
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
const CursorQuery = z.object({ cursor: z.string().max(200).optional() });
/** Answers typed by `@dealclub/shared/chat`; serialised as they are. */
const Json = z.looseObject({}) as unknown as z.ZodType<object>;

/** Messages a participant may send a minute (each may e-mail the other side). */
export const CHAT_MESSAGES_PER_MINUTE = 30;

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  const messageLimit = await perUserLimit(app, CHAT_MESSAGES_PER_MINUTE);

  app.get(
    '/api/chat/threads',
    {
      schema: {
        tags: ['chat'],
        summary: 'My conversations, most recent activity first',
        ...auth,
        querystring: CursorQuery,
        response: { 200: Json },
      },
    },
    async (request) => threadList(db(), requireUser(request).id, request.query.cursor),
  );

  app.post(
    '/api/chat/threads',
    {
      preHandler: messageLimit,
      schema: {
        tags: ['chat'],
        summary: "Write to a deal's originator: starts the conversation, or continues it",
        ...auth,
        body: startThreadSchema,
        response: { 201: Json },
      },
    },
    async (request, reply) => {
      // A buyer writes to a seller; a seller to a buyer their deal fits (`buyerId`).
      const user = requireRole(request, request.body.buyerId ? SELLER_SIDE : BUYER_SIDE);
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
      schema: {
        tags: ['chat'],
        summary: "A conversation's messages, newest first (the first page marks it read)",
        ...auth,
        params: ThreadParams,
        querystring: CursorQuery,
        response: { 200: Json },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await participantThread(db(), user.id, request.params.id);
      const page = await messagePage(db(), thread, request.query.cursor);
      if (!request.query.cursor) await markThreadRead(db(), user.id, thread, page.messages[0]?.id);
      return { thread: await threadSummary(db(), user.id, thread), ...page };
    },
  );

  app.post(
    '/api/chat/threads/:id/messages',
    {
      preHandler: messageLimit,
      schema: {
        tags: ['chat'],
        summary: 'Send a message (up to 2,000 characters; refused in a blocked conversation)',
        ...auth,
        params: ThreadParams,
        body: chatMessageSchema,
        response: { 201: Json },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { message, announcement } = await postMessage(
        db(),
        user.id,
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
        summary: 'My unread notifications, newest first, and their count',
        ...auth,
        response: { 200: Json },
      },
    },
    async (request) => unreadNotifications(db(), requireUser(request).id),
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

/**
 * The realtime calls of API.md: `POST /api/pusher/auth` (a signed-in user may subscribe to their
 * own channel only) and, in embedded mode, the signed trigger API the `pusher` server SDK speaks
 * (`POST /apps/<appId>/events`, `/batch_events`; PROTOCOLS.md B).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userChannel } from '@dealclub/shared/chat';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth';
import { checkedJsonParser } from '../../plugins/json-body';
import type { RealtimeHub } from './hub';
import {
  CHANNEL_NAME_PATTERN,
  SOCKET_ID_PATTERN,
  channelAuth,
  md5Hex,
  requestSignature,
  sameText,
} from './signatures';

/** The trigger API's limits (PROTOCOLS.md B). */
export const TRIGGER_BODY_LIMIT = 10 * 1024;
export const TRIGGER_MAX_AGE_S = 600;
const MAX_CHANNELS = 100;

const AuthBody = z.object({
  socket_id: z.string().regex(SOCKET_ID_PATTERN, 'socket_id'),
  channel_name: z.string().max(200),
});

/** Form-encoded bodies (pusher-js posts its authorisation request as a form). */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export const pusherAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  app.post(
    '/api/pusher/auth',
    {
      schema: {
        tags: ['chat'],
        summary: "Authorise a realtime subscription to the caller's own private channel",
        security: [{ bearerAuth: [] }],
        body: AuthBody,
        response: { 200: z.object({ auth: z.string() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (channel !== userChannel(user.id)) throw new AppError('FORBIDDEN');
      const { key, secret } = app.config.realtime;
      return { auth: channelAuth(key, secret, socketId, channel) };
    },
  );
};

const channelName = z.string().regex(CHANNEL_NAME_PATTERN);
const eventName = z.string().min(1).max(200);
const TriggerBody = z.object({
  name: eventName,
  channels: z.array(channelName).min(1).max(MAX_CHANNELS).optional(),
  channel: channelName.optional(),
  data: z.string(),
  socket_id: z.string().regex(SOCKET_ID_PATTERN).optional(),
});
const BatchBody = z.object({
  batch: z
    .array(
      z.object({ channel: channelName, name: eventName, data: z.string(), socket_id: z.string().optional() }),
    )
    .min(1)
    .max(10),
});
const Params = z.object({ appId: z.string().max(100) });

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export function triggerRoutes(hub: RealtimeHub): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes (body_md5), so the body is kept as received; parsed
    // with the app's checks (depth, prototype keys).
    const parseJson = checkedJsonParser(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: TRIGGER_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = body as string;
        parseJson(request, body as string, done);
      },
    );

    /** 401 unless the request is signed with the app's secret, fresh, and its body is the signed one. */
    app.addHook('preValidation', async (request) => {
      const { appId, key, secret } = app.config.realtime;
      if ((request.params as { appId?: string }).appId !== appId) throw new AppError('NOT_FOUND');
      const query = request.query as Record<string, string>;
      const timestamp = Number(query.auth_timestamp);
      const fresh =
        Number.isFinite(timestamp) && Math.abs(Date.now() / 1000 - timestamp) <= TRIGGER_MAX_AGE_S;
      const path = request.url.split('?')[0]!;
      const signed =
        query.auth_key === key &&
        query.auth_version === '1.0' &&
        fresh &&
        typeof query.auth_signature === 'string' &&
        query.body_md5 === md5Hex(request.rawBody ?? '') &&
        sameText(query.auth_signature, requestSignature(secret, request.method, path, query));
      if (!signed) throw new AppError('AUTHENTICATION_REQUIRED');
    });

    const opts = (summary: string, body: z.ZodType) => ({
      bodyLimit: TRIGGER_BODY_LIMIT,
      schema: {
        tags: ['realtime'],
        summary,
        params: Params,
        querystring: z.record(z.string(), z.string()),
        body,
        response: { 200: z.object({}) },
      },
    });

    app.post(
      '/apps/:appId/events',
      opts('Trigger an event on up to 100 channels (signed)', TriggerBody),
      async (request) => {
        const body = request.body as z.infer<typeof TriggerBody>;
        const channels = body.channels ?? (body.channel ? [body.channel] : []);
        if (!channels.length) throw new AppError('BAD_REQUEST');
        await hub.publish({ channels, event: body.name, data: body.data, exceptSocketId: body.socket_id });
        return {};
      },
    );

    app.post(
      '/apps/:appId/batch_events',
      opts('Trigger up to 10 events (signed)', BatchBody),
      async (request) => {
        const { batch } = request.body as z.infer<typeof BatchBody>;
        for (const item of batch)
          await hub.publish({
            channels: [item.channel],
            event: item.name,
            data: item.data,
            exceptSocketId: item.socket_id,
          });
        return {};
      },
    );
  };
}

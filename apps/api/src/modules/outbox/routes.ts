/**
 * The development mailbox (DECISIONS.md, E-mail and SMS): admins read every outgoing message and
 * what became of it. Without SMTP this is where e-mail ends up (status `kept`), and without an SMS
 * provider every SMS. 'Send a test message' (API.md, delivery; decision 030) sends one message at
 * once through the configured transport and answers what the provider said.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { outboxTestResultSchema, outboxTestSchema } from '@dealclub/shared/outbox';
import { outbox } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { perUserLimit } from '../../plugins/rate-limit';
import { sendTestMessage } from './send-test-message';
import { createMailTransport, createSmsTransport } from './transports';

const OutboxMessage = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  template: z.string(),
  /** pending | sending | sent | kept | failed */
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** The provider's code for the latest failure (`InvalidParameter`, `21211`, `OUTCOME_UNKNOWN`, …). */
  providerCode: z.string().nullable(),
  /** The provider's id of the message it took (SNS MessageId, Twilio SID, SMTP Message-ID). */
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
  /** When it was sent; null unless `sent`. */
  sentAt: z.string().nullable(),
});

const OutboxPage = z.object({
  items: z.array(OutboxMessage),
  nextCursor: z.string().nullable(),
  total: z.number(),
});

const OutboxQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  /** Part of the recipient, any case. */
  recipient: z.string().trim().max(320).optional(),
  /** Exact template name (confirm_signup, forgot_password, invitation, …). */
  template: z.string().trim().max(100).optional(),
});

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const testLimit = perUserLimit(app, 'outbox-test', app.config.rateLimits.outboxTestPerMinute);
  // The transports the outbox worker uses, made the same way (background.ts).
  const mail = createMailTransport(app.config, app.log);
  const sms = createSmsTransport(app.config);
  app.addHook('onClose', async () => {
    mail.close?.();
    sms.close?.();
  });

  app.get(
    '/api/admin/outbox',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'The outbox: every outgoing e-mail and SMS, newest first (admins)',
        security: [{ bearerAuth: [] }],
        querystring: OutboxQuery,
        response: { 200: OutboxPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');

      const { limit, recipient, template } = request.query;
      const after = decodeCursor(request.query.cursor);
      const filters: SQL[] = [];
      if (recipient) filters.push(sql`strpos(lower(${outbox.recipient}), lower(${recipient})) > 0`);
      if (template) filters.push(eq(outbox.template, template));
      const where = filters.length ? and(...filters) : undefined;

      const db = app.database.db;
      // Keyset on (created_at, id), compared with the cursor row itself: exact to the microsecond.
      const page = after
        ? and(
            where,
            sql`(${outbox.createdAt}, ${outbox.id}) < (select o.created_at, o.id from outbox o where o.id = ${after}::uuid)`,
          )
        : where;
      const rows = await db
        .select()
        .from(outbox)
        .where(page)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit + 1);
      const [counted] = await db.select({ n: count() }).from(outbox).where(where);
      const items = rows.slice(0, limit);
      return {
        items: items.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          template: row.template,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          providerCode: row.providerCode,
          providerMessageId: row.providerMessageId,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.status === 'sent' && row.sentAt ? row.sentAt.toISOString() : null,
        })),
        nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null,
        total: counted?.n ?? 0,
      };
    },
  );

  app.post(
    '/api/admin/outbox/test',
    {
      config: ADMIN_ONLY,
      preHandler: testLimit,
      schema: {
        tags: ['admin'],
        summary:
          "Send a test message now (e-mail or SMS) through the configured transport; answers the provider's answer (admins, rate-limited)",
        security: [{ bearerAuth: [] }],
        body: outboxTestSchema,
        response: { 200: outboxTestResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = requireUser(request);
      return sendTestMessage(app.database.db, request.body, {
        mail,
        sms,
        language: user.row.languagePreference,
        logger: request.log,
      });
    },
  );
};

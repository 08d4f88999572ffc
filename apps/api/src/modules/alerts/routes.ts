/**
 * One-click unsubscribe from alert e-mails (API.md, matching; RFC 8058): `GET` is the link in the
 * e-mail, answered with a small page in the buyer's language; `POST` is what a mail client sends
 * for the `List-Unsubscribe-Post` header, answered with JSON. No sign-in: the signed token is the
 * proof. Both turn `users.alert_emails` off (bell, SMS and push alerts go on by the buyer's
 * channels) and may be repeated. A malformed or forged token is 400 UNSUBSCRIBE_TOKEN_INVALID.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import { translate } from '../../lib/i18n';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token';

const Query = z.object({ token: z.unknown().optional() });

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // Mail clients post `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** Turns alert e-mails off for the token's user; returns their language. */
  async function unsubscribe(token: unknown): Promise<string> {
    const userId = verifyUnsubscribeToken(await unsubscribeKey(db(), app.secrets), token);
    if (!userId) throw new AppError('UNSUBSCRIBE_TOKEN_INVALID');
    const [row] = await db()
      .update(users)
      .set({ alertEmails: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ language: users.languagePreference });
    return row?.language ?? 'en';
  }

  app.get(
    '/api/alerts/unsubscribe',
    {
      schema: {
        tags: ['matching'],
        summary: 'Unsubscribe from alert e-mails with the signed link of an alert e-mail (no sign-in)',
        querystring: Query,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const language = await unsubscribe(request.query.token);
      const t = (key: string) => escapeHtml(translate(language, key));
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${t('alerts.unsubscribedTitle')} | DealClub</title></head>
<body><main><h1>${t('alerts.unsubscribedTitle')}</h1><p>${t('alerts.unsubscribedBody')}</p>
<p><a href="/profile?tab=settings">${t('alerts.resubscribe')}</a></p></main></body></html>`;
    },
  );

  app.post(
    '/api/alerts/unsubscribe',
    {
      schema: {
        tags: ['matching'],
        summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post), with the token of the link',
        querystring: Query,
        response: { 200: z.object({ unsubscribed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await unsubscribe(request.query.token);
      reply.header('cache-control', 'no-store');
      return { unsubscribed: true as const };
    },
  );
};

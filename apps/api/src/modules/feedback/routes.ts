/**
 * Feedback calls (API.md, feedback, help, roadmap; shell §3 and §5; DECISIONS.md, Help, feedback
 * and roadmap):
 * - `POST /api/feedback` (signed in, multipart `type`, `comment`, `screenshot`, `page`): the widget;
 *   with `source` `page` or `owners`, the `/feedback` and `/owners-feedback` forms signed in;
 * - `GET /api/auth/public-feedback/challenge` and `POST /api/auth/public-feedback` (public, JSON
 *   `{ type, comment, email?, proof, source? }`): the `/feedback` and `/owners-feedback` pages,
 *   behind the human check (human-check.ts);
 * - `/api/admin/feedback…` (admins): list, read, the screenshot, status changes (audited;
 *   resolving e-mails the sender).
 * Every rule is refused with its code, whose English message is the spec's copy (shell §5).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_NOTE_MAX,
  FEEDBACK_PAGE_MAX,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_SOURCES,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  WIDGET_FEEDBACK_TYPES,
  type FeedbackType,
} from '@dealclub/shared/feedback';
import { sniffImageType } from '@dealclub/shared/preferences';
import { AppError } from '../../lib/app-error';
import { contentLanguage } from '../../lib/content-language';
import { decodeOffset, encodeOffset } from '../../lib/cursor';
import { newFileKey, PRIVATE_FILE_FOLDERS } from '../../lib/storage';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { answeredAgain, IdempotencyHeaders } from '../../plugins/idempotency';
import { perAddressLimit, perUserLimit } from '../../plugins/rate-limit';
import { newHumanCheck, spendHumanCheck } from './human-check';
import { changeStatus, createFeedback, getFeedback, listFeedback, screenshotKeyOf } from './service';

const MINUTE = 60_000;
/** The widget: per user, ten minutes. */
const WIDGET_PER_10_MINUTES = 20;
/** The public form: per address, ten minutes; challenges a minute. */
const PUBLIC_PER_10_MINUTES = 10;
const CHALLENGES_PER_MINUTE = 30;
/** The folder of screenshots in file storage; `/files/` never serves it (files/routes.ts). */
export const SCREENSHOT_FOLDER = PRIVATE_FILE_FOLDERS[0]!;

const auth = { security: [{ bearerAuth: [] }] };
const Id = z.object({ id: z.uuid({ error: 'errors.FEEDBACK_NOT_FOUND' }) });
const Type = z.enum(FEEDBACK_TYPES);
const Source = z.enum(FEEDBACK_SOURCES);
const Status = z.enum(FEEDBACK_STATUSES);
const Item = z.object({
  id: z.string(),
  type: Type,
  comment: z.string(),
  page: z.string().nullable(),
  source: Source,
  status: Status,
  statusNote: z.string().nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable(),
  userId: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
const Receipt = z.object({
  id: z.string(),
  type: Type,
  status: Status,
  createdAt: z.string(),
});

/** Type and comment by the shell §5 rules; `allowed` is the form's list of types. */
function checkTypeAndComment(
  type: unknown,
  comment: unknown,
  allowed: readonly FeedbackType[],
): { type: FeedbackType; comment: string } {
  const text = typeof comment === 'string' ? comment.trim() : '';
  if (typeof type !== 'string' || type.trim() === '' || text === '') {
    throw new AppError('FEEDBACK_FIELDS_REQUIRED');
  }
  if (!(allowed as readonly string[]).includes(type)) throw new AppError('FEEDBACK_TYPE_INVALID');
  if ([...text].length > FEEDBACK_COMMENT_MAX) throw new AppError('FEEDBACK_COMMENT_TOO_LONG');
  return { type: type as FeedbackType, comment: text };
}

/** The page path the widget was opened on: a path of the app, capped; anything else is dropped. */
function pageOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const page = value.trim();
  if (!page.startsWith('/') || page.startsWith('//')) return null;
  return page.slice(0, FEEDBACK_PAGE_MAX);
}

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The widget's multipart form (or a JSON body without a screenshot): fields and the file's bytes. */
async function readWidgetForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; screenshot: Buffer | null }> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
    }
    return { fields, screenshot: null };
  }
  let screenshot: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: FEEDBACK_SCREENSHOT_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'screenshot' && bytes.length > 0) screenshot = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('FEEDBACK_SCREENSHOT_TOO_LARGE');
    if (error instanceof AppError) throw error;
    // A malformed body (cut off, too many parts) is the sender's problem, not ours.
    if ((error as { statusCode?: number }).statusCode === undefined) throw new AppError('BAD_REQUEST');
    if ((error as { statusCode?: number }).statusCode! < 500) throw new AppError('BAD_REQUEST');
    throw error;
  }
  return { fields, screenshot };
}

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const widgetLimit = perUserLimit(app, 'feedback', WIDGET_PER_10_MINUTES, 10 * MINUTE);
  const publicLimit = perAddressLimit(app, 'public-feedback', PUBLIC_PER_10_MINUTES, 10 * MINUTE);
  const challengeLimit = perAddressLimit(app, 'human-check', CHALLENGES_PER_MINUTE);

  app.post(
    '/api/feedback',
    {
      // The key is claimed in the handler, once the form is read (multipart: no body before).
      config: { idempotent: 'in-handler' },
      preHandler: widgetLimit,
      schema: {
        tags: ['feedback'],
        summary:
          'Send feedback signed in: from the widget type (bug, idea, question), comment (500), page, and for a bug an image screenshot (10 MB, checked by its bytes); with `source` page or owners (the /feedback and /owners-feedback forms) also type other',
        ...auth,
        headers: IdempotencyHeaders,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: Item },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, screenshot } = await readWidgetForm(request);
      // The widget by default; `/feedback` and `/owners-feedback` signed in send their source (and
      // know the type `other`), so their items are filed as the signed-out forms' are.
      const source = fields.source ?? 'widget';
      if (source !== 'widget' && source !== 'page' && source !== 'owners') {
        throw new AppError('VALIDATION_FAILED');
      }
      const allowed = source === 'widget' ? WIDGET_FEEDBACK_TYPES : FEEDBACK_TYPES;
      const { type, comment } = checkTypeAndComment(fields.type, fields.comment, allowed);
      const imageType = screenshot ? sniffImageType(screenshot) : null;
      if (screenshot) {
        if (type !== 'bug') throw new AppError('FEEDBACK_SCREENSHOT_BUG_ONLY');
        if (!imageType) throw new AppError('FEEDBACK_SCREENSHOT_TYPE');
      }
      // The form checked, the key (if sent) is claimed for what was read: the fields and the image.
      const content = {
        fields,
        screenshot: screenshot ? createHash('sha256').update(screenshot).digest('hex') : null,
      };
      if (await answeredAgain(request, reply, content)) return reply;
      let screenshotKey: string | null = null;
      if (screenshot && imageType) {
        screenshotKey = newFileKey(SCREENSHOT_FOLDER, imageType);
        await app.storage.put(screenshotKey, screenshot, imageType);
      }
      const item = await createFeedback(db(), {
        type,
        comment,
        page:
          source === 'widget' ? pageOf(fields.page) : source === 'owners' ? '/owners-feedback' : '/feedback',
        source,
        userId: user.id,
        email: null,
        language: user.row.languagePreference,
        screenshotKey,
      });
      request.log.info({ userId: user.id, id: item.id, type }, 'feedback sent');
      return reply.status(201).send(item);
    },
  );

  app.get(
    '/api/auth/public-feedback/challenge',
    {
      preHandler: challengeLimit,
      schema: {
        tags: ['feedback'],
        summary:
          'A human-check challenge (ALTCHA proof of work) for the public feedback form: single use, expires in 5 minutes',
        response: {
          200: z.object({
            parameters: z.record(z.string(), z.unknown()),
            signature: z.string().optional(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { parameters, signature } = await newHumanCheck(db(), app.secrets);
      return { parameters: { ...parameters }, signature };
    },
  );

  app.post(
    '/api/auth/public-feedback',
    {
      preHandler: publicLimit,
      schema: {
        tags: ['feedback'],
        summary:
          'Send feedback signed out (/feedback, /owners-feedback): type (bug, idea, question, other), comment (500), optional e-mail, and a solved human check',
        body: z.object({
          type: z.unknown().optional(),
          comment: z.unknown().optional(),
          email: z.unknown().optional(),
          proof: z.unknown().optional(),
          source: z.unknown().optional(),
        }),
        response: { 201: Receipt },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { type, comment } = checkTypeAndComment(body.type, body.comment, FEEDBACK_TYPES);
      let email: string | null = null;
      if (body.email !== undefined && body.email !== null && body.email !== '') {
        const parsed = z
          .email()
          .max(254)
          .safeParse(typeof body.email === 'string' ? body.email.trim() : null);
        if (!parsed.success) throw new AppError('FEEDBACK_EMAIL_INVALID');
        email = parsed.data;
      }
      const source = body.source === 'owners' ? 'owners' : 'page';
      if (body.source !== undefined && body.source !== 'page' && body.source !== 'owners') {
        throw new AppError('VALIDATION_FAILED');
      }
      if (typeof body.proof !== 'string' || body.proof === '' || body.proof.length > 8_000) {
        throw new AppError('HUMAN_CHECK_FAILED');
      }
      await spendHumanCheck(db(), app.secrets, body.proof);
      const item = await createFeedback(db(), {
        type,
        comment,
        page: source === 'owners' ? '/owners-feedback' : '/feedback',
        source,
        userId: null,
        email,
        language: contentLanguage(request.headers['accept-language'], null),
        screenshotKey: null,
      });
      request.log.info({ id: item.id, type, source }, 'public feedback sent');
      return reply
        .status(201)
        .send({ id: item.id, type: item.type, status: item.status, createdAt: item.createdAt });
    },
  );

  app.get(
    '/api/admin/feedback',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['feedback', 'admin'],
        summary: 'Feedback, newest first, by status, type and source, with the sender and the page',
        ...auth,
        querystring: z.object({
          status: Status.optional(),
          type: Type.optional(),
          source: Source.optional(),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: {
          200: z.object({ items: z.array(Item), nextCursor: z.string().nullable(), total: z.number() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { status, type, source, cursor, limit } = request.query;
      const offset = decodeOffset(cursor);
      const { items, total } = await listFeedback(db(), { status, type, source }, offset, limit);
      return {
        items,
        nextCursor: offset + items.length < total ? encodeOffset(offset + limit) : null,
        total,
      };
    },
  );

  app.get(
    '/api/admin/feedback/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['feedback', 'admin'],
        summary: 'One feedback item',
        ...auth,
        params: Id,
        response: { 200: Item },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getFeedback(db(), request.params.id);
    },
  );

  app.get(
    '/api/admin/feedback/:id/screenshot',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['feedback', 'admin'],
        summary: "A bug report's screenshot (admins only)",
        ...auth,
        params: Id,
      },
    },
    async (request, reply) => {
      const key = await screenshotKeyOf(db(), request.params.id);
      const file = key ? await app.storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );

  app.put(
    '/api/admin/feedback/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['feedback', 'admin'],
        summary:
          "Change a feedback item's status (open, in progress, resolved) with a note; resolving e-mails the sender when an address is known",
        ...auth,
        params: Id,
        body: z.object({
          status: Status,
          note: z.string().max(FEEDBACK_NOTE_MAX).nullable().optional(),
        }),
        response: { 200: Item },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const { emailed } = await changeStatus(db(), request.params.id, request.body, admin.id);
      request.log.info(
        { actor: admin.id, id: request.params.id, status: request.body.status, emailed },
        'feedback status changed',
      );
      return getFeedback(db(), request.params.id);
    },
  );
};

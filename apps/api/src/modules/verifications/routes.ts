/**
 * Verified terms (API.md trust): the originator uploads the mortgage statement of a subject-to or
 * hybrid deal (`POST /api/deals/{id}/verification`) and reads its state; admins list the
 * verifications, read the statements and decide (`/api/admin/verifications`). The statement itself
 * is answered only to the deal's originator and admins, never cached, never by a public URL; to
 * anyone else the verification does not exist (404).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { SELLER_SIDE } from '@dealclub/shared/roles';
import { verificationDecisionSchema } from '@dealclub/shared/verification-decision';
import {
  isVerifiable,
  MAX_STATEMENT_BYTES,
  sniffStatementType,
  VERIFICATION_STATUSES,
} from '@dealclub/shared/verifications';
import { deals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeOffset, encodeOffset } from '../../lib/cursor';
import { attachmentDisposition, PrivateStorage } from '../../lib/private-storage';
import { readNamedFileUpload } from '../../lib/uploads';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser, type AuthenticatedUser } from '../../plugins/auth';
import { recordAdminAction } from '../audit';
import { managesDeal, viewerOf, visibleTo } from '../deals';
import {
  adminVerificationOf,
  decideVerification,
  latestVerification,
  listVerifications,
  recordStatement,
  statementFileName,
  verificationById,
  verificationOf,
  type VerificationRow,
} from './service';

const auth = { security: [{ bearerAuth: [] }] };
const DealParams = z.object({ id: z.uuid({ error: 'errors.LISTING_NOT_FOUND' }) });
const VerificationParams = z.object({ id: z.uuid({ error: 'errors.VERIFICATION_NOT_FOUND' }) });
const Fields = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
const VerificationBody = z.object({
  id: z.string(),
  dealId: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  note: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  fields: Fields,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lapsedReason: z.string().nullable(),
  lapsedAt: z.string().nullable(),
});
const AdminVerification = VerificationBody.extend({
  decidedBy: z.string().nullable(),
  deal: z.object({
    id: z.string(),
    status: z.string(),
    streetAddress: z.string(),
    unit: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    purchaseType: z.string().nullable(),
    currentFields: Fields,
    termsVerifiedAt: z.string().nullable(),
  }),
  seller: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
});

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const statements = new PrivateStorage(app.config.privateFilesDir);

  /** The deal, if `user` is its originator or an admin; for anyone else it has no verification. */
  async function managedDeal(user: AuthenticatedUser, id: string) {
    const viewer = viewerOf(user);
    const [row] = await db()
      .select()
      .from(deals)
      .where(and(eq(deals.id, id), visibleTo(viewer)));
    if (!row || !managesDeal(viewer, row)) throw new AppError('VERIFICATION_NOT_FOUND');
    return row;
  }

  async function sendStatement(reply: FastifyReply, verification: VerificationRow) {
    const bytes = await statements.get(verification.fileKey);
    if (!bytes) throw new AppError('VERIFICATION_NOT_FOUND');
    return reply
      .header('content-type', verification.contentType)
      .header('content-disposition', attachmentDisposition(verification.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  }

  app.post(
    '/api/deals/:id/verification',
    {
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['trust'],
        summary:
          "Upload the deal's mortgage statement (its originator; subject-to or hybrid; PDF, JPEG or PNG by its bytes, 10 MB)",
        ...auth,
        consumes: ['multipart/form-data'],
        params: DealParams,
        response: { 201: z.object({ verification: VerificationBody }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const viewer = viewerOf(user);
      const [deal] = await db()
        .select()
        .from(deals)
        .where(and(eq(deals.id, request.params.id), visibleTo(viewer)));
      // Someone else's deal is not there for a seller; an admin sees it but is not its originator.
      if (!deal || (deal.originatorId !== user.id && !viewer.isAdmin))
        throw new AppError('LISTING_NOT_FOUND');
      if (deal.originatorId !== user.id) throw new AppError('FORBIDDEN');
      if (deal.status === 'deleted') throw new AppError('LISTING_NOT_FOUND');
      if (!isVerifiable(deal)) throw new AppError('VERIFICATION_NOT_AVAILABLE');
      const { bytes, filename } = await readNamedFileUpload(
        request,
        MAX_STATEMENT_BYTES,
        'STATEMENT_TOO_LARGE',
      );
      const type = sniffStatementType(bytes);
      if (!type) throw new AppError('STATEMENT_TYPE_UNSUPPORTED');
      const fileKey = PrivateStorage.newKey('statements');
      await statements.put(fileKey, bytes);
      let recorded: Awaited<ReturnType<typeof recordStatement>>;
      try {
        recorded = await recordStatement(db(), deal.id, user.id, {
          fileKey,
          fileName: statementFileName(filename, type),
          contentType: type,
          sizeBytes: bytes.length,
        });
      } catch (error) {
        await statements.delete(fileKey);
        throw error;
      }
      for (const key of recorded.orphanedKeys) await statements.delete(key);
      request.log.info(
        { actor: user.id, dealId: deal.id, verificationId: recorded.row.id },
        'statement uploaded',
      );
      return reply.status(201).send({ verification: verificationOf(recorded.row) });
    },
  );

  app.get(
    '/api/deals/:id/verification',
    {
      schema: {
        tags: ['trust'],
        summary: "The deal's latest verification and the admin's note (its originator, admins)",
        ...auth,
        params: DealParams,
        response: { 200: z.object({ verification: VerificationBody.nullable() }) },
      },
    },
    async (request) => {
      const deal = await managedDeal(requireUser(request), request.params.id);
      const latest = await latestVerification(db(), deal.id);
      return { verification: latest ? verificationOf(latest) : null };
    },
  );

  app.get(
    '/api/deals/:id/verification/file',
    {
      schema: {
        tags: ['trust'],
        summary: "The latest mortgage statement's file (its originator, admins; never cached)",
        ...auth,
        params: DealParams,
      },
    },
    async (request, reply) => {
      const deal = await managedDeal(requireUser(request), request.params.id);
      const latest = await latestVerification(db(), deal.id);
      if (!latest) throw new AppError('VERIFICATION_NOT_FOUND');
      return sendStatement(reply, latest);
    },
  );

  app.get(
    '/api/admin/verifications',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: "Verifications of one status (pending first in line), beside each deal's loan fields now",
        ...auth,
        querystring: z.object({
          status: z.enum(VERIFICATION_STATUSES).default('pending'),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: {
          200: z.object({
            items: z.array(AdminVerification),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      // An opaque cursor like every list's (API.md); it holds the offset of the next page.
      const offset = decodeOffset(request.query.cursor);
      const { rows, total } = await listVerifications(db(), status, offset, limit);
      const page = rows.slice(0, limit);
      return {
        items: page.map(adminVerificationOf),
        nextCursor: rows.length > limit ? encodeOffset(offset + limit) : null,
        total,
      };
    },
  );

  app.get(
    '/api/admin/verifications/:id/file',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: "A verification's mortgage statement (admins; never cached)",
        ...auth,
        params: VerificationParams,
      },
    },
    async (request, reply) => {
      return sendStatement(reply, await verificationById(db(), request.params.id));
    },
  );

  app.put(
    '/api/admin/verifications/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a pending verification (a note is required to reject)',
        ...auth,
        params: VerificationParams,
        body: verificationDecisionSchema,
        response: { 200: z.object({ verification: VerificationBody }) },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const row = await decideVerification(
        db(),
        request.params.id,
        admin.id,
        request.body,
        app.config.origin,
      );
      // The admin audit (as for role and activation changes): who decided what, on which deal.
      request.log.info(
        { actor: admin.id, verificationId: row.id, dealId: row.dealId, decision: row.status },
        'verification decided',
      );
      await recordAdminAction(db(), {
        actorId: admin.id,
        action: 'verification.decide',
        targetType: 'verification',
        targetId: row.id,
        details: { dealId: row.dealId, decision: row.status },
      });
      return { verification: verificationOf(row) };
    },
  );
};

/**
 * The closing room's calls (API.md closing room; DECISIONS.md, The closing room). Only the room's
 * members — the seller, the buyer of the accepted offer, admins — see it; for anyone else it does not
 * exist (404). Each step answers the room as the reader now sees it, and tells every member live
 * (`closing-updated`). An admin's step in a room they are no party to goes into the admin audit.
 */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLOSING_DOCUMENT_MAX_BYTES,
  CLOSING_EVENTS,
  CLOSING_KINDS,
  CLOSING_NOTE_MAX_LENGTH,
  CLOSING_PARTIES,
  CLOSING_REASON_MAX_LENGTH,
  CLOSING_ROLES,
  CLOSING_STATUSES,
  MAX_BACKUP_OFFERS,
  mayTick,
  milestoneDefinition,
  type ClosingRole,
} from '@dealclub/shared/closing';
import { isCalendarDate } from '@dealclub/shared/deal-rules';
import { sniffStatementType } from '@dealclub/shared/verifications';
import type { ErrorCode } from '@dealclub/shared/errors';
import { AppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/origin';
import { attachmentDisposition, PrivateStorage, privateFileName } from '../../lib/private-storage';
import { readNamedFileUpload } from '../../lib/uploads';
import { requireUser, type AuthenticatedUser } from '../../plugins/auth';
import { recordAdminAction } from '../audit';
import { offerEventData } from '../offers';
import { enqueueWebhookEvent } from '../webhooks';
import type { DealRow, UserRow } from '../../db/rows';
import type { offers } from '../../db/schema';
import {
  addDocument,
  announceRoom,
  answerCloseDate,
  completeClosing,
  documentFor,
  endContract,
  memberRoleOf,
  proposeCloseDate,
  readRoom,
  setBackups,
  tickMilestone,
} from './index';

const auth = { security: [{ bearerAuth: [] }] };
type OfferRow = typeof offers.$inferSelect;
const DealParams = z.object({ id: z.uuid({ error: 'errors.CLOSING_NOT_FOUND' }) });
const MilestoneParams = DealParams.extend({
  key: z.string().regex(/^[a-z-]{1,60}$/, { error: 'errors.MILESTONE_NOT_FOUND' }),
});
const DocumentParams = DealParams.extend({
  documentId: z.uuid({ error: 'errors.CLOSING_DOCUMENT_NOT_FOUND' }),
});
const Reason = z.object({
  reason: z
    .string({ error: 'closing.validation.reasonRequired' })
    .trim()
    .min(1, { error: 'closing.validation.reasonRequired' })
    .max(CLOSING_REASON_MAX_LENGTH, { error: 'closing.validation.noteTooLong' }),
});

const Document = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  uploadedAt: z.string(),
});
const Room = z.object({
  id: z.string(),
  dealId: z.string(),
  offerId: z.string(),
  status: z.enum(CLOSING_STATUSES),
  kind: z.enum(CLOSING_KINDS).nullable(),
  openedAt: z.string(),
  closeDate: z.string(),
  proposedCloseDate: z
    .object({ closeDate: z.string(), by: z.enum(['buyer', 'seller', 'admin']), at: z.string() })
    .nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  daysToClose: z.number().nullable(),
  role: z.enum(CLOSING_ROLES),
  deal: z.object({
    id: z.string(),
    status: z.string(),
    purchaseType: z.string().nullable(),
    address: z.string(),
  }),
  seller: z.object({ id: z.string(), name: z.string() }),
  buyer: z.object({ id: z.string(), name: z.string() }),
  offer: z.object({
    id: z.string(),
    type: z.string(),
    purchasePrice: z.number().nullable(),
    entryFee: z.number().nullable(),
    estimatedCloseDate: z.string(),
  }),
  milestones: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      party: z.enum(CLOSING_PARTIES),
      dueDate: z.string(),
      done: z.boolean(),
      doneAt: z.string().nullable(),
      doneBy: z.string().nullable(),
      doneByName: z.string().nullable(),
      note: z.string(),
      overdue: z.boolean(),
      version: z.number(),
      documents: z.array(Document),
    }),
  ),
  backups: z.array(z.object({ offerId: z.string(), rank: z.number(), buyerName: z.string().optional() })),
  timelineTotal: z.number(),
  timeline: z.array(
    z.object({
      at: z.string(),
      actor: z.string().nullable(),
      actorName: z.string().nullable(),
      event: z.enum(CLOSING_EVENTS),
      detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  ),
});
const RoomAnswer = { 200: Room };
/**
 * The room the page shows, on every step: a step meant for it never lands on the deal's next room
 * (after a backup's promotion); if it is no longer open, 409 `CLOSING_NOT_OPEN`.
 */
const StepQuery = z.object({ roomId: z.uuid({ error: 'errors.CLOSING_NOT_FOUND' }).optional() });

export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const storage = new PrivateStorage(app.config.privateFilesDir);
  const readerOf = (user: AuthenticatedUser, roomId?: string) => ({
    id: user.id,
    isAdmin: user.roles.includes('admin'),
    ...(roomId ? { roomId } : {}),
  });
  /**
   * What a contract step needs: the reader (and the room their page shows), the links' origin, and
   * the admin audit, written in the step's transaction when an admin acts in a room they are no
   * party to.
   */
  const contextOf = (
    user: AuthenticatedUser,
    dealId: string,
    roomId: string | undefined,
    event: string,
    details: Record<string, unknown> = {},
  ) => ({
    reader: readerOf(user, roomId),
    origin: publicOrigin(app),
    audit: (tx: Db, room: { id: string; sellerId: string; buyerId: string }) =>
      auditAdmin(tx, user, dealId, room, event, details),
  });

  async function auditAdmin(
    tx: Db,
    user: AuthenticatedUser,
    dealId: string,
    room: { id: string; sellerId: string; buyerId: string },
    event: string,
    details: Record<string, unknown>,
  ) {
    if (!user.roles.includes('admin') || user.id === room.sellerId || user.id === room.buyerId) return;
    await recordAdminAction(tx, {
      actorId: user.id,
      action: `closing.${event}`,
      targetType: 'deal',
      targetId: dealId,
      details: { roomId: room.id, ...details },
    });
  }

  /** The reader's room after a step (the same room, or the one a promotion opened). */
  async function answer(user: AuthenticatedUser, dealId: string) {
    const room = await readRoom(db(), dealId, readerOf(user), user.row.languagePreference);
    if (!room) throw new AppError('CLOSING_NOT_FOUND');
    return room;
  }

  /** After a committed step: the members are told live. */
  async function afterStep(
    request: FastifyRequest,
    user: AuthenticatedUser,
    dealId: string,
    step: { roomId: string; members: string[] },
    event: string,
  ) {
    request.log.info({ actor: user.id, dealId, roomId: step.roomId, event }, 'closing room step');
    await announceRoom(app.realtime, step.members, { dealId, roomId: step.roomId, event });
  }

  /**
   * The config of a step: who may take it (plugins/access.ts), checked before a request that does
   * not validate is answered — 404 to anyone outside the room, `refusal`'s 403 to a member the step
   * is not for — so that nobody is told the fields of a form they may not use. A request that
   * validates goes straight to the step, whose own statements check the same.
   */
  const stepFor = (
    refusal: (role: ClosingRole, params: Readonly<Record<string, string>>) => ErrorCode | null,
  ): FastifyContextConfig => ({
    guard: async (user, dealId, params) => {
      const role = await memberRoleOf(db(), dealId, readerOf(user));
      if (!role) throw new AppError('CLOSING_NOT_FOUND');
      const refused = refusal(role, params);
      if (refused) throw new AppError(refused);
    },
  });
  const anyMember = stepFor(() => null);
  const sellerSide = stepFor((role) => (role === 'buyer' ? 'FORBIDDEN' : null));
  const buyerOnly = stepFor((role) => (role === 'buyer' ? null : 'FORBIDDEN'));

  /** A step in the room: then the members are told live, and the reader gets the room as they now see it. */
  async function takeStep(
    request: FastifyRequest,
    dealId: string,
    event: string,
    run: (user: AuthenticatedUser) => Promise<{ roomId: string; members: string[]; changed?: boolean }>,
  ) {
    const user = requireUser(request);
    const step = await run(user);
    if (step.changed !== false) await afterStep(request, user, dealId, step, event);
    return answer(user, dealId);
  }

  app.get(
    '/api/deals/:id/closing',
    {
      schema: {
        tags: ['closing'],
        summary: "The deal's closing room: milestones, documents, backups and timeline (its members)",
        ...auth,
        params: DealParams,
        response: RoomAnswer,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return answer(user, request.params.id);
    },
  );

  app.put(
    '/api/deals/:id/closing/milestones/:key',
    {
      config: stepFor((role, { key }) =>
        mayTick(milestoneDefinition(key!)?.party ?? 'both', role) ? null : 'MILESTONE_PARTY_ONLY',
      ),
      schema: {
        tags: ['closing'],
        summary:
          'Tick a milestone off, or back on with a reason (its responsible party or an admin; `version` refuses a stale tick)',
        ...auth,
        params: MilestoneParams,
        querystring: StepQuery,
        body: z.object({
          done: z.boolean(),
          note: z
            .string()
            .max(CLOSING_NOTE_MAX_LENGTH, { error: 'closing.validation.noteTooLong' })
            .optional(),
          version: z.number().int().min(1).max(1_000_000).optional(),
        }),
        response: RoomAnswer,
      },
    },
    async (request) => {
      const { id, key } = request.params;
      return takeStep(request, id, request.body.done ? 'tick' : 'untick', (user) =>
        tickMilestone(db(), id, key, readerOf(user, request.query.roomId), request.body, (tx, room) =>
          auditAdmin(tx, user, id, room, request.body.done ? 'tick' : 'untick', { key }),
        ),
      );
    },
  );

  app.post(
    '/api/deals/:id/closing/milestones/:key/documents',
    {
      // A stranger's malformed `?roomId=` is answered 404 too, not with the query's shape.
      config: anyMember,
      schema: {
        tags: ['closing'],
        summary:
          'Add a document to a milestone (a member; PDF, JPEG or PNG by its bytes, 20 MB, 10 per milestone)',
        ...auth,
        consumes: ['multipart/form-data'],
        params: MilestoneParams,
        querystring: StepQuery,
        response: { 201: z.object({ document: Document, closing: Room }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id, key } = request.params;
      // Membership first: a stranger learns nothing from what they send.
      const before = await readRoom(
        db(),
        id,
        readerOf(user, request.query.roomId),
        user.row.languagePreference,
      );
      if (!before) throw new AppError('CLOSING_NOT_FOUND');
      if (before.status !== 'open') throw new AppError('CLOSING_NOT_OPEN');
      if (!before.milestones.some((m) => m.key === key)) throw new AppError('MILESTONE_NOT_FOUND');
      const { bytes, filename } = await readNamedFileUpload(
        request,
        CLOSING_DOCUMENT_MAX_BYTES,
        'CLOSING_DOCUMENT_TOO_LARGE',
      );
      const type = sniffStatementType(bytes);
      if (!type) throw new AppError('CLOSING_DOCUMENT_TYPE_UNSUPPORTED');
      const fileKey = PrivateStorage.newKey('closing');
      // The file is on disk before its row commits: an acknowledged upload survives a crash, and a
      // file whose row never committed is only an orphan on disk.
      await storage.put(fileKey, bytes);
      let added: Awaited<ReturnType<typeof addDocument>>;
      const name = privateFileName(filename, type, 'document');
      try {
        // Into the room that was checked, whatever happened to the deal since.
        added = await addDocument(
          db(),
          id,
          key,
          readerOf(user, before.id),
          { fileKey, name, contentType: type, sizeBytes: bytes.length },
          (tx, room) => auditAdmin(tx, user, id, room, 'document', { key, name }),
        );
      } catch (error) {
        await storage.delete(fileKey);
        throw error;
      }
      await afterStep(request, user, id, added, 'document');
      const closing = await answer(user, id);
      const document = closing.milestones.flatMap((m) => m.documents).find((d) => d.id === added.id)!;
      return reply.status(201).send({ document, closing });
    },
  );

  app.get(
    '/api/deals/:id/closing/documents/:documentId',
    {
      schema: {
        tags: ['closing'],
        summary: "A closing document's file (the room's members; never cached)",
        ...auth,
        params: DocumentParams,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const document = await documentFor(db(), request.params.id, request.params.documentId, readerOf(user));
      const bytes = await storage.get(document.fileKey);
      if (!bytes) throw new AppError('CLOSING_DOCUMENT_NOT_FOUND');
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', attachmentDisposition(document.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );

  app.post(
    '/api/deals/:id/closing/close-date',
    {
      config: anyMember,
      schema: {
        tags: ['closing'],
        summary: 'Propose a new close date (either party or an admin); the other party answers it',
        ...auth,
        params: DealParams,
        querystring: StepQuery,
        body: z.object({
          closeDate: z.string().refine(isCalendarDate, { error: 'closing.validation.closeDate' }),
        }),
        response: RoomAnswer,
      },
    },
    async (request) => {
      const { id } = request.params;
      return takeStep(request, id, 'close-date', (user) => {
        const { closeDate } = request.body;
        return proposeCloseDate(
          db(),
          id,
          closeDate,
          contextOf(user, id, request.query.roomId, 'close-date', { closeDate }),
        );
      });
    },
  );

  for (const verdict of ['accept', 'decline'] as const) {
    app.post(
      `/api/deals/:id/closing/close-date/${verdict}`,
      {
        config: anyMember,
        schema: {
          tags: ['closing'],
          summary: `${verdict === 'accept' ? 'Accept' : 'Decline'} the proposed close date (the other party or an admin)`,
          ...auth,
          params: DealParams,
          querystring: StepQuery,
          response: RoomAnswer,
        },
      },
      async (request) => {
        const { id } = request.params;
        const event = `close-date-${verdict}`;
        return takeStep(request, id, event, (user) =>
          answerCloseDate(db(), id, verdict === 'accept', contextOf(user, id, request.query.roomId, event)),
        );
      },
    );
  }

  app.put(
    '/api/deals/:id/backups',
    {
      config: sellerSide,
      schema: {
        tags: ['closing'],
        summary:
          "Rank up to 3 of the deal's other offers as backups while it is pending (its seller or an admin)",
        ...auth,
        params: DealParams,
        querystring: StepQuery,
        body: z.object({
          offerIds: z.array(z.uuid({ error: 'errors.BACKUP_OFFERS_INVALID' })).max(MAX_BACKUP_OFFERS, {
            error: 'errors.BACKUP_OFFERS_INVALID',
          }),
        }),
        response: RoomAnswer,
      },
    },
    async (request) => {
      const { id } = request.params;
      return takeStep(request, id, 'backups', (user) => {
        const { offerIds } = request.body;
        return setBackups(
          db(),
          id,
          offerIds,
          contextOf(user, id, request.query.roomId, 'backups', { offerIds }),
        );
      });
    },
  );

  for (const how of ['fall-through', 'withdraw'] as const) {
    app.post(
      `/api/deals/:id/closing/${how}`,
      {
        config: how === 'withdraw' ? buyerOnly : sellerSide,
        schema: {
          tags: ['closing'],
          summary:
            how === 'fall-through'
              ? 'End the contract with a reason (the seller or an admin): the first backup is promoted, else the deal is active again'
              : 'Withdraw from the contract with a reason (the buyer): the first backup is promoted, else the deal is active again',
          ...auth,
          params: DealParams,
          querystring: StepQuery,
          body: Reason,
          response: RoomAnswer,
        },
      },
      async (request) => {
        const { id } = request.params;
        return takeStep(request, id, how, (user) => {
          const { reason } = request.body;
          return endContract(db(), id, how, reason, {
            ...contextOf(user, id, request.query.roomId, how, { reason }),
            // A promoted backup is an acceptance: the seller's webhook hears `offer.accepted`.
            onPromoted: async (tx: Db, offer: OfferRow, deal: DealRow, seller: UserRow, buyer: UserRow) => {
              await enqueueWebhookEvent(
                tx,
                seller,
                'offer.accepted',
                offerEventData(offer, deal, buyer, publicOrigin(app)),
              );
            },
          });
        });
      },
    );
  }

  app.post(
    '/api/deals/:id/closing/complete',
    {
      config: sellerSide,
      schema: {
        tags: ['closing'],
        summary:
          'Close the deal through DealClub once every milestone is done (the seller or an admin; else 409 CLOSING_INCOMPLETE with `open`)',
        ...auth,
        params: DealParams,
        querystring: StepQuery,
        response: RoomAnswer,
      },
    },
    async (request) => {
      const { id } = request.params;
      return takeStep(request, id, 'complete', (user) =>
        completeClosing(db(), id, contextOf(user, id, request.query.roomId, 'complete')),
      );
    },
  );
};

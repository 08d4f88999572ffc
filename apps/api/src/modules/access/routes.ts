/**
 * Invitation-only access (DECISIONS.md, People and access): invitations in batches, their
 * validation, sign-up with an invitation, request access with the capacity cap and the waitlist.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvitationsSchema,
  grantableRoles,
  invitationSignUpSchema,
  invitationStatus,
  requestAccessSchema,
} from '@dealclub/shared/access';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { ROLES, SELLER_SIDE, type Role } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { identityUsers, invitations, waitlist } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/origin';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { translate } from '../../lib/i18n';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { recordAdminAction } from '../audit';
import { perAddressLimit } from '../../plugins/rate-limit';
import { registerWithInvitation, CognitoError, identityContext, passwordRefusal } from '../identity';
import { createInvitation, InvitationError } from '../invitations';
import { enqueueMessage } from '../outbox';
import { advisoryXactLock } from '../../db/advisory-lock';
import {
  emailInvitation,
  invitationErrorCode,
  invitationLink,
  seatsTaken,
  signUpOnUserPool,
  toInvitation,
} from './service';

const Invitation = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  link: z.string(),
  status: z.enum(['pending', 'used', 'expired']),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});

const Page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number() });

const Pagination = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

export const accessRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  // The public forms send e-mail and create records: a per-address limit keeps them from being
  // used to flood someone's inbox or the waitlist. Each form has its own budget; counted on
  // arrival, so refused and invalid submissions count too.
  const publicFormLimit = (form: string) =>
    perAddressLimit(app, `public-form:${form}`, app.config.access.publicFormRateLimitPerMinute);

  app.get(
    '/api/auth/validate-invitation/:token',
    {
      schema: {
        tags: ['access'],
        summary: 'Whether an invitation can still be used, and for which role',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: z.object({
            valid: z.literal(true),
            role: z.enum(ROLES),
            expiresAt: z.string(),
            email: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const [row] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.token, request.params.token))
        .limit(1);
      if (!row) throw new AppError('INVITATION_INVALID');
      const status = invitationStatus(row);
      if (status === 'used') throw new AppError('INVITATION_USED');
      if (status === 'expired') throw new AppError('INVITATION_EXPIRED');
      return {
        valid: true as const,
        role: row.role as Role,
        expiresAt: row.expiresAt.toISOString(),
        email: row.email,
      };
    },
  );

  app.post(
    '/api/aws-auth/signup-with-invitation',
    {
      onRequest: publicFormLimit('signup-with-invitation'),
      schema: {
        tags: ['access'],
        summary: 'Sign up with an invitation; a confirmation code is e-mailed',
        body: invitationSignUpSchema,
        response: {
          200: z.object({
            userSub: z.string(),
            userConfirmed: z.boolean(),
            codeDeliveryDetails: z.object({
              Destination: z.string(),
              DeliveryMedium: z.string(),
              AttributeName: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { identity } = app.config;
      if (identity.mode === 'misconfigured') throw new AppError('SIGNUP_FAILED');
      if (identity.mode === 'aws') return signUpOnUserPool(db(), identity, app.log, request.body);
      const { email, password, firstName, lastName, invitationToken } = request.body;
      try {
        const result = await registerWithInvitation(identityContext(app), {
          username: email,
          password,
          attributes: { given_name: firstName, family_name: lastName },
          token: invitationToken,
        });
        return {
          userSub: result.UserSub,
          userConfirmed: result.UserConfirmed,
          codeDeliveryDetails: result.CodeDeliveryDetails,
        };
      } catch (error) {
        if (error instanceof InvitationError) throw new AppError(invitationErrorCode(error));
        if (error instanceof CognitoError && error.type === 'InvalidPasswordException') {
          throw passwordRefusal(error, 'password');
        }
        if (error instanceof CognitoError) throw new AppError('SIGNUP_FAILED');
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/public-request-access',
    {
      onRequest: publicFormLimit('request-access'),
      schema: {
        tags: ['access'],
        summary: 'Ask to join: an invitation while there is room, otherwise the waitlist',
        body: requestAccessSchema,
        response: {
          200: z.object({ status: z.enum(['invited', 'waitlisted']), message: z.string().optional() }),
        },
      },
    },
    async (request) => {
      const { firstName, lastName, email, phone } = request.body;
      const base = publicOrigin(app);
      return db().transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // One decision at a time, so two requests cannot both take the last seat.
        await advisoryXactLock(tx, 'capacity');
        const [account] = await tx
          .select({ email: identityUsers.email })
          .from(identityUsers)
          .where(eq(identityUsers.username, email))
          .limit(1);
        if (account) {
          // Never say whether an address has an account: tell its owner by e-mail instead.
          await enqueueMessage(tx, {
            channel: 'email',
            recipient: account.email,
            subject: translate('en', 'email.existingAccountSubject'),
            body: translate('en', 'email.existingAccountBody'),
            template: 'existing_account',
          });
          return { status: 'invited' as const };
        }
        if ((await seatsTaken(tx)) < app.config.access.userCapacity) {
          const invitation = await createInvitation(tx, { role: 'buyer', createdBy: null, email });
          await emailInvitation(tx, email, invitationLink(base, invitation.token));
          return { status: 'invited' as const };
        }
        await tx
          .insert(waitlist)
          .values({ firstName, lastName, email, phoneNumber: phone })
          .onConflictDoNothing();
        return {
          status: 'waitlisted' as const,
          message: "Unfortunately we're not able to allow more users at this time.",
        };
      });
    },
  );

  app.post(
    '/api/invitations',
    {
      // Those who may grant a role at all (`grantableRoles`); which one, the body says.
      config: { roles: SELLER_SIDE },
      schema: {
        tags: ['access'],
        summary: 'Create a batch of invitations for a role the caller may grant',
        security: [{ bearerAuth: [] }],
        body: createInvitationsSchema,
        response: { 201: z.object({ items: z.array(Invitation) }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { role, count: wanted } = request.body;
      if (!grantableRoles(user.roles).includes(role)) throw new AppError('FORBIDDEN');
      const howMany = wanted ?? app.config.access.invitationBatchSize;
      const base = publicOrigin(app);
      const created = await db().transaction(async (tx) => {
        const rows = [];
        for (let i = 0; i < howMany; i++) {
          rows.push(await createInvitation(tx as unknown as Db, { role, createdBy: user.id }));
        }
        return rows;
      });
      return reply.status(201).send({ items: created.map((row) => toInvitation(base, row)) });
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        tags: ['access'],
        summary: "The caller's invitations, newest first",
        security: [{ bearerAuth: [] }],
        querystring: Pagination,
        response: { 200: Page(Invitation) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const after = decodeCursor(request.query.cursor);
      const mine = eq(invitations.createdBy, user.id);
      const rows = await db()
        .select()
        .from(invitations)
        .where(
          after
            ? and(
                mine,
                sql`(${invitations.createdAt}, ${invitations.id}) < (select i.created_at, i.id from invitations i where i.id = ${after}::uuid)`,
              )
            : mine,
        )
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(request.query.limit + 1);
      const [total] = await db().select({ n: count() }).from(invitations).where(mine);
      const page = rows.slice(0, request.query.limit);
      const base = publicOrigin(app);
      return {
        items: page.map((row) => toInvitation(base, row)),
        nextCursor: rows.length > page.length ? encodeCursor(page.at(-1)!) : null,
        total: total?.n ?? 0,
      };
    },
  );

  const WaitlistEntry = z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    createdAt: z.string(),
    invitedAt: z.string().nullable(),
  });
  const toEntry = (row: typeof waitlist.$inferSelect) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
    invitedAt: row.invitedAt?.toISOString() ?? null,
  });

  app.get(
    '/api/admin/waitlist',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'People waiting for a seat, oldest first',
        security: [{ bearerAuth: [] }],
        querystring: Pagination,
        response: { 200: Page(WaitlistEntry) },
      },
    },
    async (request) => {
      const after = decodeCursor(request.query.cursor);
      const rows = await db()
        .select()
        .from(waitlist)
        .where(
          after
            ? sql`(${waitlist.createdAt}, ${waitlist.id}) > (select w.created_at, w.id from waitlist w where w.id = ${after}::uuid)`
            : undefined,
        )
        .orderBy(waitlist.createdAt, waitlist.id)
        .limit(request.query.limit + 1);
      const [total] = await db().select({ n: count() }).from(waitlist);
      const page = rows.slice(0, request.query.limit);
      return {
        items: page.map(toEntry),
        nextCursor: rows.length > page.length ? encodeCursor(page.at(-1)!) : null,
        total: total?.n ?? 0,
      };
    },
  );

  app.post(
    '/api/admin/waitlist/:id/invite',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'Invite someone from the waitlist (e-mails the invitation)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ role: z.enum(ROLES).default('buyer') }).default({ role: 'buyer' }),
        response: { 200: z.object({ entry: WaitlistEntry, invitation: Invitation }) },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const base = publicOrigin(app);
      return db().transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [entry] = await tx
          .select()
          .from(waitlist)
          .where(eq(waitlist.id, request.params.id))
          .for('update');
        if (!entry) throw new AppError('NOT_FOUND');
        const invitation = await createInvitation(tx, {
          role: request.body.role,
          createdBy: admin.id,
          email: entry.email,
        });
        await emailInvitation(tx, entry.email, invitationLink(base, invitation.token));
        const [updated] = await tx
          .update(waitlist)
          .set({ invitedAt: new Date(), invitedBy: admin.id })
          .where(eq(waitlist.id, entry.id))
          .returning();
        await recordAdminAction(tx, {
          actorId: admin.id,
          action: 'waitlist.invite',
          targetType: 'waitlist',
          targetId: entry.id,
          details: { role: request.body.role },
        });
        return { entry: toEntry(updated!), invitation: toInvitation(base, invitation) };
      });
    },
  );
};

/**
 * User administration (core §6: role management; DECISIONS.md: deactivation): admins search users,
 * change their roles, deactivate or reactivate them, and turn off their two-step sign-in. Changes
 * apply on the user's next call.
 */
import type { FastifyRequest } from 'fastify';
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@dealclub/shared/constants';
import { ROLES } from '@dealclub/shared/roles';
import { identityUsers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeOffset, encodeOffset } from '../../lib/cursor';
import { ADMIN_ONLY } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { listAdminActions, recordAdminAction } from '../audit';

const AdminUser = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Two-step sign-in is on; null when the identity provider cannot say. */
  mfaEnabled: z.boolean().nullable(),
});

const toAdminUser = (row: typeof users.$inferSelect, mfa?: ReadonlyMap<string, boolean>) => ({
  userId: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  roles: row.roles,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  mfaEnabled: mfa?.get(row.id) ?? null,
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  /** A change to a user's account: logged, and recorded in the admin audit with the admin as actor. */
  const auditUserChange = async (
    request: FastifyRequest,
    actorId: string,
    userId: string,
    action: 'user.roles' | 'user.active' | 'user.mfa_off',
    details: Record<string, unknown>,
  ) => {
    request.log.info({ actor: actorId, userId, action, ...details }, 'user changed by an admin');
    await recordAdminAction(db(), { actorId, action, targetType: 'user', targetId: userId, details });
  };

  app.get(
    '/api/admin/users',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'Users, searchable by name or e-mail, newest first',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          role: z.enum(ROLES).optional(),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: {
          200: z.object({ items: z.array(AdminUser), nextCursor: z.string().nullable(), total: z.number() }),
        },
      },
    },
    async (request) => {
      const { q, role, limit } = request.query;
      // An opaque cursor like every list's (API.md); it holds the offset of the next page.
      const offset = decodeOffset(request.query.cursor);
      const filters: SQL[] = [];
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(
          or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )!,
        );
      }
      if (role) filters.push(sql`${role} = any(${users.roles})`);
      const where = filters.length ? and(...filters) : undefined;
      const rows = await db()
        .select()
        .from(users)
        .where(where)
        .orderBy(sql`${users.createdAt} desc`, users.id)
        .limit(limit + 1)
        .offset(offset);
      const [total] = await db().select({ n: count() }).from(users).where(where);
      const page = rows.slice(0, limit);
      const mfa = await app.mfaAdmin?.enabledFor(page.map((row) => row.id));
      return {
        items: page.map((row) => toAdminUser(row, mfa)),
        nextCursor: rows.length > limit ? encodeOffset(offset + limit) : null,
        total: total?.n ?? 0,
      };
    },
  );

  app.put(
    '/api/admin/users/:id/roles',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: "Set a user's roles (applies on their next call)",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ roles: z.array(z.enum(ROLES)).min(1).max(ROLES.length) }),
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const roles = [...new Set(request.body.roles)];
      if (request.params.id === admin.id && !roles.includes('admin')) {
        // An admin cannot lock everyone out by removing their own admin role.
        throw new AppError('SELF_ADMIN_REMOVAL');
      }
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ roles, updatedAt: new Date() })
          .where(eq(users.id, request.params.id))
          .returning();
        if (!row) throw new AppError('NOT_FOUND');
        // New tokens of the embedded provider carry the same groups.
        await tx
          .update(identityUsers)
          .set({ groups: roles, updatedAt: new Date() })
          .where(eq(identityUsers.sub, row.id));
        return row;
      });
      await auditUserChange(request, admin.id, updated.id, 'user.roles', { roles });
      return toAdminUser(updated);
    },
  );

  app.put(
    '/api/admin/users/:id/active',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'Deactivate (every call answers 403) or reactivate a user',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ active: z.boolean() }),
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      if (request.params.id === admin.id && !request.body.active) {
        throw new AppError('SELF_DEACTIVATION');
      }
      const [row] = await db()
        .update(users)
        .set({ isActive: request.body.active, updatedAt: new Date() })
        .where(eq(users.id, request.params.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      await auditUserChange(request, admin.id, row.id, 'user.active', { active: row.isActive });
      return toAdminUser(row);
    },
  );

  app.delete(
    '/api/admin/users/:id/mfa',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary:
          "Turn a user's two-step sign-in off (a lost phone); they enrol again if their role requires it",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const [row] = await db().select().from(users).where(eq(users.id, request.params.id)).limit(1);
      if (!row || !app.mfaAdmin) throw new AppError('NOT_FOUND');
      // Users from before the identity provider knew them (or deleted there) have nothing to reset.
      const known = await app.mfaAdmin.turnOff(row.id).catch((err: unknown) => {
        // A real pool that cannot be reached or refuses the server's credentials: nothing changed.
        request.log.error({ err, userId: row.id }, 'the user pool did not turn two-step sign-in off');
        throw new AppError('SERVICE_UNAVAILABLE');
      });
      await auditUserChange(request, admin.id, row.id, 'user.mfa_off', { knownToProvider: known });
      return toAdminUser(row, new Map([[row.id, false]]));
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: 'What admins did (feedback, help, roadmap, users), newest first, with the admin as actor',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
        }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                actorId: z.string().nullable(),
                action: z.string(),
                targetType: z.string(),
                targetId: z.string().nullable(),
                details: z.record(z.string(), z.unknown()).nullable(),
                createdAt: z.string(),
              }),
            ),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const offset = decodeOffset(request.query.cursor);
      const { items, total } = await listAdminActions(db(), offset, request.query.limit);
      return {
        items,
        nextCursor: offset + items.length < total ? encodeOffset(offset + request.query.limit) : null,
        total,
      };
    },
  );
};

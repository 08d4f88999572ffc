/** The help centre's admin calls (`/api/help/admin/…`): every item, drafts included, and editing. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeOffset, encodeOffset } from '../../../lib/cursor';
import { ADMIN_ONLY } from '../../../plugins/access';
import { requireUser } from '../../../plugins/auth';
import { recordAdminAction } from '../../audit';
import { adminItem, adminList, createItem, deleteItem, updateItem } from '../service';
import { AdminListQuery, auth, HELP_KINDS, Id } from './kinds';

export const adminHelpRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  for (const kind of HELP_KINDS) {
    const { spec, path, noun } = kind;

    app.get(
      `/api/help/admin/${path}`,
      {
        config: ADMIN_ONLY,
        schema: {
          tags: ['help', 'admin'],
          summary: `Every ${noun}, drafts included, in both languages with its readers' votes`,
          ...auth,
          querystring: AdminListQuery,
          response: {
            200: z.object({
              items: z.array(kind.admin),
              nextCursor: z.string().nullable(),
              total: z.number(),
            }),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { category, published, limit } = request.query;
        const offset = decodeOffset(request.query.cursor);
        const { items, total } = await adminList(db(), spec, { category, published, offset, limit });
        return {
          items: items.map(kind.toAdmin),
          nextCursor: offset + items.length < total ? encodeOffset(offset + limit) : null,
          total,
        };
      },
    );

    app.post(
      `/api/help/admin/${path}`,
      {
        config: ADMIN_ONLY,
        schema: {
          tags: ['help', 'admin'],
          summary: `Add a ${noun}; publishing needs both languages`,
          ...auth,
          body: kind.input,
          response: { 201: kind.admin },
        },
      },
      async (request, reply) => {
        const admin = requireUser(request);
        const id = await createItem(db(), spec, kind.fromInput(request.body as never), admin.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id }, 'help item created');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.create`,
          targetType: `help_${spec.kind}`,
          targetId: id,
        });
        return reply.status(201).send(kind.toAdmin(await adminItem(db(), spec, id)));
      },
    );

    app.put(
      `/api/help/admin/${path}/:id`,
      {
        config: ADMIN_ONLY,
        schema: {
          tags: ['help', 'admin'],
          summary: `Replace a ${noun} and whether it is published (publish, unpublish); publishing needs both languages`,
          ...auth,
          params: Id,
          body: kind.input,
          response: { 200: kind.admin },
        },
      },
      async (request) => {
        const admin = requireUser(request);
        await updateItem(db(), spec, request.params.id, kind.fromInput(request.body as never), admin.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id: request.params.id }, 'help item updated');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.update`,
          targetType: `help_${spec.kind}`,
          targetId: request.params.id,
          details: { published: (request.body as { published?: boolean }).published ?? null },
        });
        return kind.toAdmin(await adminItem(db(), spec, request.params.id));
      },
    );

    app.delete(
      `/api/help/admin/${path}/:id`,
      {
        config: ADMIN_ONLY,
        schema: {
          tags: ['help', 'admin'],
          summary: `Delete a ${noun} and its votes`,
          ...auth,
          params: Id,
        },
      },
      async (request, reply) => {
        const admin = requireUser(request);
        await deleteItem(db(), spec, request.params.id);
        request.log.info({ actor: admin.id, kind: spec.kind, id: request.params.id }, 'help item deleted');
        await recordAdminAction(db(), {
          actorId: admin.id,
          action: `help.${spec.kind}.delete`,
          targetType: `help_${spec.kind}`,
          targetId: request.params.id,
        });
        return reply.status(204).send();
      },
    );
  }
};

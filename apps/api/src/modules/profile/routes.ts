/**
 * `GET` and `PUT /api/profile`: the Profile tab (names and phone). The embedded identity provider
 * keeps the same names and phone as attributes, so new tokens carry them too.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strongPassword } from '@dealclub/shared/access';
import { profileSchema } from '@dealclub/shared/profile';
import { identityUsers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth';
import { checkPassword, hashPassword } from '../identity/passwords';
import { isProfileComplete } from '../auth/profile-complete';

const Profile = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  languagePreference: z.enum(['en', 'es']),
  roles: z.array(z.string()),
  profileComplete: z.boolean(),
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.put(
    '/api/profile/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the password (needs the current one); embedded identity provider only',
        security: [{ bearerAuth: [] }],
        body: z.object({
          currentPassword: z
            .string({ error: 'profile.currentPasswordRequired' })
            .min(1, 'profile.currentPasswordRequired'),
          newPassword: strongPassword,
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // With AWS Cognito the client changes the password with the pool directly (ChangePassword).
      if (app.config.identity.mode !== 'embedded') throw new AppError('PASSWORD_UPDATE_FAILED');
      const [identity] = await db()
        .select()
        .from(identityUsers)
        .where(eq(identityUsers.sub, user.id))
        .limit(1);
      if (!identity) throw new AppError('PASSWORD_UPDATE_FAILED');
      if ((await checkPassword(db(), identity, request.body.currentPassword)) !== 'ok') {
        throw new AppError('PASSWORD_UPDATE_FAILED');
      }
      await db()
        .update(identityUsers)
        .set({
          passwordHash: await hashPassword(request.body.newPassword),
          failedAttempts: 0,
          updatedAt: new Date(),
        })
        .where(eq(identityUsers.sub, user.id));
      return reply.status(204).send(null);
    },
  );

  const toProfile = (row: typeof users.$inferSelect) => ({
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    languagePreference: row.languagePreference === 'es' ? ('es' as const) : ('en' as const),
    roles: row.roles,
    profileComplete: isProfileComplete(row, []),
  });

  app.get(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The Profile tab',
        security: [{ bearerAuth: [] }],
        response: { 200: Profile },
      },
    },
    async (request) => toProfile(requireUser(request).row),
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save names and phone (10 digits, or 11 starting with 1)',
        security: [{ bearerAuth: [] }],
        body: profileSchema,
        response: { 200: Profile },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { firstName, lastName, phoneNumber } = request.body;
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ firstName, lastName, phoneNumber, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        if (app.config.identity.mode === 'embedded') {
          const attributes = { given_name: firstName, family_name: lastName, phone_number: phoneNumber };
          await tx
            .update(identityUsers)
            .set({
              attributes: sql`${identityUsers.attributes} || ${JSON.stringify(attributes)}::jsonb`,
              updatedAt: new Date(),
            })
            .where(eq(identityUsers.sub, user.id));
        }
        return row!;
      });
      return toProfile(updated);
    },
  );
};

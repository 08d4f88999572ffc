/**
 * `GET` and `PUT /api/profile`: the Profile tab (names and phone). The embedded identity provider
 * keeps the same names and phone as attributes, so new tokens carry them too.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileSchema } from '@dealclub/shared/profile';
import { identityUsers, users } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
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

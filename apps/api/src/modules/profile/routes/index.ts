/**
 * `GET` and `PUT /api/profile`: the Profile tab (names, phone, picture, password). The embedded
 * identity provider keeps the same names and phone as attributes, so new tokens carry them too.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strongPassword } from '@dealclub/shared/access';
import type { Role } from '@dealclub/shared/roles';
import { PROFILE_PARTS, profileSchema } from '@dealclub/shared/profile';
import { identityUsers, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { requireUser } from '../../../plugins/auth';
import { MAX_PICTURE_BYTES } from '@dealclub/shared/preferences';
import { fileUrl, newFileKey } from '../../../lib/storage';
import { readImageUpload } from '../../../lib/uploads';
import {
  assertPasswordPolicy,
  checkPassword,
  CognitoError,
  hashPassword,
  passwordRefusal,
} from '../../identity';
import { missingProfileParts } from '../completeness';
import { profileTabRoutes } from './tabs';

const Profile = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  languagePreference: z.enum(['en', 'es']),
  roles: z.array(z.string()),
  profilePictureUrl: z.string().nullable(),
  profileComplete: z.boolean(),
  missingProfileParts: z.array(z.enum(PROFILE_PARTS)),
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
      // The rest of the pool's policy (guessability), which the body's schema cannot check.
      await assertPasswordPolicy(request.body.newPassword).catch((error: unknown) => {
        throw error instanceof CognitoError ? passwordRefusal(error, 'newPassword') : error;
      });
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

  const toProfile = async (row: typeof users.$inferSelect, roles: readonly Role[]) => {
    const missing = await missingProfileParts(db(), row, roles);
    return {
      userId: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phoneNumber: row.phoneNumber,
      languagePreference: row.languagePreference === 'es' ? ('es' as const) : ('en' as const),
      roles: row.roles,
      profilePictureUrl: fileUrl(row.profilePictureKey),
      profileComplete: missing.length === 0,
      missingProfileParts: missing,
    };
  };

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
    async (request) => {
      const user = requireUser(request);
      return toProfile(user.row, user.roles);
    },
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
      return toProfile(updated, user.roles);
    },
  );

  app.post(
    '/api/profile/picture',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload the profile picture (multipart field `file`; JPEG, PNG or WebP by its bytes, 5 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: Profile },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const image = await readImageUpload(request, MAX_PICTURE_BYTES, 'PICTURE_TOO_LARGE');
      const key = newFileKey('pictures', image.type);
      await app.storage.put(key, image.bytes, image.type);
      const [row] = await db()
        .update(users)
        .set({ profilePictureKey: key, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (user.row.profilePictureKey) await app.storage.delete(user.row.profilePictureKey);
      return toProfile(row!, user.roles);
    },
  );

  app.delete(
    '/api/profile/picture',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove the profile picture',
        security: [{ bearerAuth: [] }],
        response: { 200: Profile },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db()
        .update(users)
        .set({ profilePictureKey: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (user.row.profilePictureKey) await app.storage.delete(user.row.profilePictureKey);
      return toProfile(row!, user.roles);
    },
  );

  // The profile tabs (preferences, buyer and seller preferences, buy box, company and logo).
  await app.register(profileTabRoutes);
};

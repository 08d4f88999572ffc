import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { PROFILE_PARTS } from '@dealclub/shared/profile';
import { MFA_JOIN, mfaEnabledOf } from '../identity';
import { missingProfileParts, PROFILE_FACTS_JOIN, profileFactsOf } from '../profile';

const PublicConfig = z.object({
  mode: z.enum(['embedded', 'aws', 'misconfigured']),
  configured: z.boolean(),
  userPoolId: z.string(),
  clientId: z.string(),
  region: z.string(),
  /** Identity endpoint for the client library; null means AWS's own. */
  endpoint: z.string().nullable(),
  /** Roles that must use two-step sign-in (embedded provider; a real pool's MFA is set on the pool). */
  mfaRequiredRoles: z.array(z.string()),
  /** Where pusher-js connects (null host, port, TLS: the page's own). */
  realtime: z.object({
    enabled: z.boolean(),
    /** embedded: our server on this origin; hosted: Pusher (by cluster) or soketi (host, port). */
    mode: z.enum(['embedded', 'hosted']),
    key: z.string(),
    cluster: z.string(),
    host: z.string().nullable(),
    port: z.number().nullable(),
    useTLS: z.boolean().nullable(),
  }),
});

const Me = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  roles: z.array(z.string()),
  cognitoGroups: z.array(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  languagePreference: z.enum(['en', 'es']),
  profileComplete: z.boolean(),
  profileCompleted: z.boolean(),
  /** What is still missing, in the order the profile-completion redirect asks for it. */
  missingProfileParts: z.array(z.enum(PROFILE_PARTS)),
  /** The Certified Buyer badge (training). */
  certifiedBuyer: z.boolean(),
  certifiedAt: z.string().nullable(),
  /** Two-step sign-in with an authenticator app is on (decision 027). */
  mfaEnabled: z.boolean(),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/public-config',
    { schema: { tags: ['auth'], summary: 'Where and how to sign in', response: { 200: PublicConfig } } },
    async () => {
      const { identity, realtime } = app.config;
      return {
        // Embedded: null host, port and TLS mean the page's own (the server is on the API's port).
        realtime: {
          enabled: true,
          mode: realtime.mode,
          key: realtime.key,
          cluster: realtime.cluster,
          host: realtime.mode === 'hosted' ? realtime.host : null,
          port: realtime.mode === 'hosted' ? realtime.port : null,
          useTLS: realtime.mode === 'hosted' ? realtime.useTLS : null,
        },
        mode: identity.mode,
        configured: identity.mode !== 'misconfigured',
        userPoolId: identity.userPoolId,
        clientId: identity.clientId,
        region: identity.region,
        mfaRequiredRoles: identity.mfaRequiredRoles,
        // AWS mode: null lets the client use AWS's own endpoint, unless another one is configured.
        endpoint:
          identity.mode === 'embedded'
            ? '/cognito/'
            : identity.endpoint === `https://cognito-idp.${identity.region}.amazonaws.com/`
              ? null
              : identity.endpoint,
      };
    },
  );

  app.get(
    '/api/auth/me',
    {
      // The user, their saved profile parts and their MFA state in the auth hook's one statement.
      config: { authJoins: [PROFILE_FACTS_JOIN, MFA_JOIN] },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: Me },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      const [missing, mfaEnabled] = await Promise.all([
        missingProfileParts(app.database.db, user.row, user.roles, profileFactsOf(user)),
        mfaEnabledOf(app.mfaAdmin, user),
      ]);
      const complete = missing.length === 0;
      return {
        userId: user.id,
        email: user.email,
        role: user.role,
        // Unexpected stored values are kept (shell §4) and reported as they are.
        roles: user.row.roles.length ? user.row.roles : [...user.roles],
        cognitoGroups: user.groups,
        firstName: user.row.firstName,
        lastName: user.row.lastName,
        phoneNumber: user.row.phoneNumber,
        languagePreference: user.row.languagePreference === 'es' ? ('es' as const) : ('en' as const),
        profileComplete: complete,
        profileCompleted: complete,
        missingProfileParts: missing,
        certifiedBuyer: user.row.certifiedBuyer,
        certifiedAt: user.row.certifiedAt?.toISOString() ?? null,
        mfaEnabled,
      };
    },
  );

  app.post(
    '/api/auth/update-language',
    {
      schema: {
        tags: ['auth'],
        summary: "Save the signed-in user's language",
        security: [{ bearerAuth: [] }],
        body: z.object({ languagePreference: z.enum(['en', 'es']) }),
        response: { 200: z.object({ languagePreference: z.enum(['en', 'es']) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { languagePreference } = request.body;
      await app.database.db
        .update(users)
        .set({ languagePreference, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return { languagePreference };
    },
  );
};

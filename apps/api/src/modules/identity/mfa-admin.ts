/**
 * What the API asks of the identity provider about a user's two-step sign-in: whether it is on
 * (`/api/auth/me`, the admin panel) and, for a lost phone, turning it off (an admin's reset). The
 * embedded provider answers from its directory; a real user pool through AWS's SDK
 * (`AdminGetUser`, `AdminSetUserMFAPreference`, signed with the SDK's usual credentials).
 */
import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from '../../config';
import type { Db } from '../../db/client';
import { identityUsers } from '../../db/schema';
import type { AuthenticatedUser } from './authenticated-user';
import { setMfa } from './mfa';

const CACHE_MS = 60_000;

export interface MfaAdmin {
  /** Whether each user signs in with a code; users the provider does not know are left out. */
  enabledFor(userIds: readonly string[]): Promise<Map<string, boolean>>;
  /** Turns a user's two-step sign-in off; false when the provider does not know the user. */
  turnOff(userId: string): Promise<boolean>;
}

export function embeddedMfaAdmin(db: Db): MfaAdmin {
  return {
    async enabledFor(userIds) {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ sub: identityUsers.sub, enabled: identityUsers.mfaEnabled })
        .from(identityUsers)
        .where(inArray(identityUsers.sub, [...userIds]));
      return new Map(rows.map((row) => [row.sub, row.enabled]));
    },
    turnOff: (userId) => setMfa(db, userId, false),
  };
}

/** A real user pool; users are named by their `sub`, which a pool takes as the user name. */
export function cognitoMfaAdmin(
  identity: IdentityConfig,
  onError: (error: unknown) => void = () => {},
  client = new CognitoIdentityProviderClient({
    region: identity.region,
    endpoint: identity.endpoint,
    maxAttempts: 2,
  }),
): MfaAdmin {
  // Answers are kept a minute: `/api/auth/me` asks on every page load.
  const cache = new Map<string, { enabled: boolean | undefined; until: number }>();
  const known = async <T>(call: Promise<T>): Promise<T | undefined> => {
    try {
      return await call;
    } catch (error) {
      if (error instanceof UserNotFoundException) return undefined;
      throw error;
    }
  };
  return {
    async enabledFor(userIds) {
      const answers = await Promise.all(
        userIds.map(async (id) => {
          const cached = cache.get(id);
          if (cached && cached.until > Date.now()) return [id, cached.enabled] as const;
          // A pool that cannot be asked (no credentials, throttled) leaves the state unknown: the
          // profile and the admin list still answer.
          const user = await known(
            client.send(new AdminGetUserCommand({ UserPoolId: identity.userPoolId, Username: id })),
          ).catch((error: unknown) => {
            onError(error);
            return undefined;
          });
          const enabled = user && (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
          cache.set(id, { enabled, until: Date.now() + CACHE_MS });
          return [id, enabled] as const;
        }),
      );
      return new Map(answers.filter((a): a is [string, boolean] => a[1] !== undefined));
    },
    async turnOff(userId) {
      cache.delete(userId);
      const done = await known(
        client.send(
          new AdminSetUserMFAPreferenceCommand({
            UserPoolId: identity.userPoolId,
            Username: userId,
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
          }),
        ),
      );
      return done !== undefined;
    },
  };
}

export function mfaAdminFor(
  identity: IdentityConfig,
  db: Db,
  onError: (error: unknown) => void,
): MfaAdmin | undefined {
  if (identity.mode === 'embedded') return embeddedMfaAdmin(db);
  if (identity.mode === 'aws') return cognitoMfaAdmin(identity, onError);
  return undefined;
}

/** The auth hook's join of `GET /api/auth/me`: the embedded directory's MFA state, in its one statement. */
export const MFA_JOIN = 'mfa';

export function registerMfaJoin(app: FastifyInstance) {
  app.registerAuthJoin(
    MFA_JOIN,
    (userId) =>
      sql`(select ${identityUsers.mfaEnabled} from ${identityUsers} where ${identityUsers.sub} = ${userId})`,
  );
}

/**
 * Whether the user signs in with a code: from the auth hook's join when the embedded directory
 * knows them, else from the provider (a real pool), false when it cannot say.
 */
export async function mfaEnabledOf(admin: MfaAdmin | undefined, user: AuthenticatedUser): Promise<boolean> {
  const joined = user.joined[MFA_JOIN];
  if (typeof joined === 'boolean') return joined;
  if (!admin) return false;
  return (await admin.enabledFor([user.id])).get(user.id) ?? false;
}

/**
 * Invitation-only access (DECISIONS.md, People and access): what the routes do besides reading the
 * request — an invitation's link and shape, its e-mail, the seats taken against the capacity cap,
 * and sign-up with an invitation on an AWS user pool.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { invitationStatus, type invitationSignUpSchema } from '@dealclub/shared/access';
import type { Role } from '@dealclub/shared/roles';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { invitations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { CognitoError, callUserPool } from '../identity';
import { claimInvitation, InvitationError } from '../invitations';
import { enqueueMessage } from '../outbox';

type AwsIdentity = Config['identity'];

export const invitationLink = (base: string, token: string) =>
  `${base}/signup?token=${encodeURIComponent(token)}`;

export function toInvitation(base: string, row: typeof invitations.$inferSelect) {
  return {
    id: row.id,
    role: row.role as Role,
    link: invitationLink(base, row.token),
    status: invitationStatus(row),
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

export async function emailInvitation(db: Db, to: string, link: string, language = 'en') {
  await enqueueMessage(db, {
    channel: 'email',
    recipient: to,
    subject: translate(language, 'email.invitationSubject'),
    body: translate(language, 'email.invitationBody', { link }),
    template: 'invitation',
  });
}

/** Seats taken: active users plus invitations still open (they may become users). */
export async function seatsTaken(db: Db): Promise<number> {
  const [active] = await db.select({ n: count() }).from(users).where(eq(users.isActive, true));
  const [open] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())));
  return (active?.n ?? 0) + (open?.n ?? 0);
}

export function invitationErrorCode(error: InvitationError) {
  return error.problem === 'used'
    ? 'INVITATION_USED'
    : error.problem === 'expired'
      ? 'INVITATION_EXPIRED'
      : 'INVITATION_INVALID';
}

/**
 * AWS mode: the invitation is reserved first (so two sign-ups cannot both use it), the account
 * is created on the user pool with SignUp, then the reservation is given to the new `sub` with
 * the product user and its role. A failed SignUp releases the invitation.
 */
export async function signUpOnUserPool(
  db: Db,
  identity: AwsIdentity,
  log: FastifyBaseLogger,
  input: z.infer<typeof invitationSignUpSchema>,
) {
  const placeholder = randomUUID();
  let role: Role;
  try {
    role = await claimInvitation(db, input.invitationToken, placeholder);
  } catch (error) {
    if (error instanceof InvitationError) throw new AppError(invitationErrorCode(error));
    throw error;
  }
  const release = () =>
    db.update(invitations).set({ usedBy: null, usedAt: null }).where(eq(invitations.usedBy, placeholder));
  let result: { UserSub: string; UserConfirmed: boolean; CodeDeliveryDetails: Record<string, string> };
  try {
    result = await callUserPool(identity.endpoint, 'SignUp', {
      ClientId: identity.clientId,
      Username: input.email,
      Password: input.password,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'given_name', Value: input.firstName },
        { Name: 'family_name', Value: input.lastName },
      ],
      ValidationData: [{ Name: 'invitationToken', Value: input.invitationToken }],
    });
  } catch (error) {
    await release();
    if (error instanceof CognitoError && error.type === 'UsernameExistsException') {
      // Never say that an address has an account: answer as for a new one, tell the owner.
      await enqueueMessage(db, {
        channel: 'email',
        recipient: input.email,
        subject: translate('en', 'email.existingAccountSubject'),
        body: translate('en', 'email.existingAccountBody'),
        template: 'existing_account',
      });
      return {
        userSub: randomUUID(),
        userConfirmed: false,
        codeDeliveryDetails: { Destination: '', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      };
    }
    if (error instanceof CognitoError && error.type === 'InvalidPasswordException') {
      throw new AppError('VALIDATION_FAILED', undefined, [{ path: 'password', message: error.message }]);
    }
    log.error({ err: error }, 'user pool sign-up failed');
    throw new AppError('SIGNUP_FAILED');
  }
  await db.transaction(async (tx) => {
    await tx.update(invitations).set({ usedBy: result.UserSub }).where(eq(invitations.usedBy, placeholder));
    await tx
      .insert(users)
      .values({
        id: result.UserSub,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: [role],
      })
      .onConflictDoUpdate({ target: users.id, set: { roles: [role], updatedAt: new Date() } });
  });
  return {
    userSub: result.UserSub,
    userConfirmed: result.UserConfirmed,
    codeDeliveryDetails: {
      Destination: result.CodeDeliveryDetails?.Destination ?? '',
      DeliveryMedium: result.CodeDeliveryDetails?.DeliveryMedium ?? 'EMAIL',
      AttributeName: result.CodeDeliveryDetails?.AttributeName ?? 'email',
    },
  };
}

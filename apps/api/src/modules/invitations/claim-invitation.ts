import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '@dealclub/shared/roles';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';

export const INVITATION_LIFETIME_MS = 90 * 24 * 3600 * 1000;

export type InvitationProblem = 'not_found' | 'used' | 'expired';

export class InvitationError extends Error {
  constructor(readonly problem: InvitationProblem) {
    super(`invitation ${problem}`);
    this.name = 'InvitationError';
  }
}

export function newInvitationToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function createInvitation(
  db: Db,
  options: { role: Role; createdBy: string | null; email?: string | null; now?: Date },
) {
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(invitations)
    .values({
      token: newInvitationToken(),
      role: options.role,
      createdBy: options.createdBy,
      email: options.email ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    })
    .returning();
  return row!;
}

/**
 * Marks the invitation used by `userId` and returns its role. One conditional update, so of two
 * sign-ups racing on one token exactly one succeeds; the other learns why it failed.
 */
export async function claimInvitation(db: Db, token: string, userId: string): Promise<Role> {
  const claimed = await db
    .update(invitations)
    .set({ usedBy: userId, usedAt: new Date() })
    .where(
      and(eq(invitations.token, token), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())),
    )
    .returning({ role: invitations.role });
  if (claimed[0]) return claimed[0].role as Role;
  const [existing] = await db.select().from(invitations).where(eq(invitations.token, token)).limit(1);
  if (!existing) throw new InvitationError('not_found');
  throw new InvitationError(existing.usedAt ? 'used' : 'expired');
}

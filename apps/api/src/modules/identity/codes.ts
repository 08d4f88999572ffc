/**
 * One-time 6-digit codes (sign-up confirmation, password reset, e-mail change): valid 24 hours,
 * single use, stored hashed; a new code replaces the previous one of the same purpose, and five
 * wrong tries use a code up. The code travels by e-mail through the outbox.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityCodes } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { enqueueMessage } from '../outbox';
import { CognitoError, expiredCode, invalidCode } from './cognito-error';
import { sha256 } from './tokens';

export type CodePurpose = 'confirm_signup' | 'forgot_password' | 'verify_email';

export const CODE_LIFETIME_MS = 24 * 3600 * 1000;
const MAX_ATTEMPTS = 5;

const COPY: Record<CodePurpose, { subject: string; body: string }> = {
  confirm_signup: { subject: 'email.codeSubject', body: 'email.codeBody' },
  forgot_password: { subject: 'email.resetSubject', body: 'email.resetBody' },
  verify_email: { subject: 'email.emailChangeSubject', body: 'email.emailChangeBody' },
};

export async function sendCode(
  db: Db,
  options: { sub: string; purpose: CodePurpose; recipient: string; language?: string | null },
  onDevelopmentCode?: (code: string) => void,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(identityCodes.sub, options.sub),
        eq(identityCodes.purpose, options.purpose),
        isNull(identityCodes.usedAt),
      ),
    );
  await db.insert(identityCodes).values({
    sub: options.sub,
    purpose: options.purpose,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  const copy = COPY[options.purpose];
  await enqueueMessage(db, {
    channel: 'email',
    recipient: options.recipient,
    subject: translate(options.language, copy.subject),
    body: translate(options.language, copy.body, { code }),
    template: options.purpose,
  });
  onDevelopmentCode?.(code);
}

/** Uses up the code or throws the Cognito error for a wrong, expired or exhausted one. */
export async function consumeCode(db: Db, sub: string, purpose: CodePurpose, code: unknown): Promise<void> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) throw invalidCode();
  const [current] = await db
    .select()
    .from(identityCodes)
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose)))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (!current || current.usedAt || current.expiresAt < new Date()) throw expiredCode();
  if (current.codeHash !== sha256(code)) {
    const attempts = current.attempts + 1;
    await db
      .update(identityCodes)
      .set({ attempts, ...(attempts >= MAX_ATTEMPTS ? { usedAt: new Date() } : {}) })
      .where(eq(identityCodes.id, current.id));
    if (attempts >= MAX_ATTEMPTS) {
      throw new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    throw invalidCode();
  }
  // Single use even under concurrent confirmation: only one update finds it unused.
  const used = await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.id, current.id), isNull(identityCodes.usedAt)))
    .returning({ id: identityCodes.id });
  if (used.length === 0) throw expiredCode();
}

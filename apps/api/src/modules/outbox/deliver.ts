/**
 * Delivers the outbox (DECISIONS.md, E-mail and SMS). Each message goes
 * `pending → sending → sent | kept`, or back to `pending` after a failed attempt (retried with
 * exponential backoff) and `failed` after the last one.
 *
 * Claiming is a short transaction (`FOR UPDATE SKIP LOCKED`, so instances never take the same
 * row) that marks the rows `sending`; the transport is called after it commits, so a slow SMTP
 * server never holds a transaction open (with the embedded database that would stall every request).
 * No column was added for this: `sent_at` is the time of the latest attempt until the message is
 * sent, then the time it was sent. A row left `sending` by a crashed instance is taken again once
 * `leaseMs` has passed, so an e-mail (and an SMS that is only kept) is delivered at least once.
 *
 * An SMS through a provider (SNS, Twilio) is never sent twice (decision 030): neither takes an
 * idempotency key, so a row found `sending` after its lease — its sender stopped between the claim
 * and the settle, and cannot say whether the provider took it — is `failed` with the code
 * `OUTCOME_UNKNOWN` instead of being sent again. A provider's 4xx fails the message at once, with
 * its code in `provider_code`; a 5xx, a 429 or a timeout is retried with the backoff, and quiet
 * hours hold every retry (the claim checks them).
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Backoff, WorkLogger } from '../jobs';
import { errorText } from '../jobs';
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from './enqueue-message';
import {
  keepSmsTransport,
  ProviderError,
  type DeliveryReceipt,
  type MailTransport,
  type SmsTransport,
} from './transports';

export type OutboxRow = typeof outbox.$inferSelect;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface DeliveryOptions {
  /** SMS provider; default none (messages are kept). */
  sms?: SmsTransport;
  /** Attempts before a message is `failed`; default 8. */
  maxAttempts?: number;
  /** Wait before a retry: 30 s after the first failure, doubling, at most an hour by default. */
  backoff?: Backoff;
  /** How long a `sending` row belongs to the instance that claimed it; default 15 minutes. */
  leaseMs?: number;
  logger?: WorkLogger;
}

export interface ClaimOptions extends Pick<DeliveryOptions, 'backoff' | 'leaseMs'> {
  /**
   * SMS goes through a provider that may not be asked twice: an SMS row left `sending` is not taken
   * again (see {@link abandonInterruptedSms}).
   */
  smsSendsOnce?: boolean;
}

/** `provider_code` of an SMS whose sender stopped mid-send: it may or may not have gone out. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';
const INTERRUPTED =
  'the sender stopped during this attempt; not sent again, as the provider may have taken it';

export interface DeliveryResult {
  claimed: number;
  sent: number;
  kept: number;
  retried: number;
  failed: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_OUTBOX_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 60 * 60_000 };
const DEFAULT_LEASE_MS = 15 * 60_000;

/** Claims up to `limit` messages that are due and marks them `sending`; counts the attempt. */
export async function claimPendingMessages(
  db: Db,
  limit: number,
  options: ClaimOptions = {},
): Promise<OutboxRow[]> {
  if (limit < 1) return [];
  const { baseMs, maxMs } = options.backoff ?? DEFAULT_OUTBOX_BACKOFF;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  // The SQL form of `retryDelayMs(attempts, backoff)` (jobs/queue.ts), counted from the start of the latest attempt.
  const retryAt = sql`${outbox.sentAt} + least(${baseMs}::float8 * power(2, least(greatest(${outbox.attempts} - 1, 0), 40)), ${maxMs}::float8) * interval '1 millisecond'`;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(
            eq(outbox.status, 'pending'),
            or(isNull(outbox.sentAt), sql`${retryAt} <= now()`),
            // An SMS held through the recipient's quiet hours waits until then.
            or(isNull(outbox.sendAfter), lte(outbox.sendAfter, sql`now()`)),
            // Nor does one go out at night where its recipient is, a retry included.
            or(
              isNull(outbox.quietZone),
              sql`extract(hour from now() at time zone ${outbox.quietZone}) between ${QUIET_UNTIL_HOUR} and ${QUIET_FROM_HOUR - 1}`,
            ),
          ),
          and(
            eq(outbox.status, 'sending'),
            lt(outbox.sentAt, sql`now() - ${leaseMs} * interval '1 millisecond'`),
            // Through a provider an SMS is never sent again blindly (abandonInterruptedSms).
            options.smsSendsOnce ? ne(outbox.channel, 'sms') : undefined,
            // A kept SMS taken over keeps the quiet hours too.
            or(
              isNull(outbox.quietZone),
              sql`extract(hour from now() at time zone ${outbox.quietZone}) between ${QUIET_UNTIL_HOUR} and ${QUIET_FROM_HOUR - 1}`,
            ),
          ),
        ),
      )
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed = await tx
      .update(outbox)
      .set({ status: 'sending', sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
      .where(
        inArray(
          outbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
    return claimed.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  });
}

/**
 * SMS rows a stopped sender left `sending` past their lease, when SMS goes through a provider: each
 * is `failed` with {@link OUTCOME_UNKNOWN}, not sent again — the provider may have taken it, and
 * neither SNS nor Twilio can be asked to take a message only once. Returns the rows it failed.
 */
export async function abandonInterruptedSms(
  db: Db,
  options: Pick<DeliveryOptions, 'leaseMs'> = {},
): Promise<OutboxRow[]> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return db
    .update(outbox)
    .set({
      status: 'failed',
      providerCode: OUTCOME_UNKNOWN,
      lastError: INTERRUPTED,
    })
    .where(
      and(
        eq(outbox.status, 'sending'),
        eq(outbox.channel, 'sms'),
        lt(outbox.sentAt, sql`now() - ${leaseMs} * interval '1 millisecond'`),
      ),
    )
    .returning();
}

/**
 * Claims up to `limit` due messages and hands each to its transport: e-mail to `transport`, SMS to
 * `options.sms`. Transport errors are recorded on the message, never thrown.
 */
export async function deliverPendingMessages(
  db: Db,
  transport: MailTransport,
  limit: number,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const sms = options.sms ?? keepSmsTransport;
  const smsSendsOnce = !sms.keepsMessages;
  const result: DeliveryResult = { claimed: 0, sent: 0, kept: 0, retried: 0, failed: 0 };
  if (smsSendsOnce) {
    for (const row of await abandonInterruptedSms(db, options)) {
      options.logger?.error(
        { messageId: row.id, template: row.template, attempts: row.attempts, provider: sms.provider },
        'SMS left sending by a stopped sender: failed, not sent again (it may have gone out)',
      );
      result.failed += 1;
    }
  }
  const claimed = await claimPendingMessages(db, limit, { ...options, smsSendsOnce });
  result.claimed = claimed.length;

  const settle = (row: OutboxRow, values: PgUpdateSetSource<typeof outbox>) =>
    db
      .update(outbox)
      .set(values)
      // Unless another instance took the row over meanwhile (our lease ran out).
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts)));

  for (const row of claimed) {
    const keeps = row.channel === 'sms' ? sms.keepsMessages : transport.keepsMessages;
    let receipt: DeliveryReceipt | void;
    try {
      // The claim counts the attempt: past the maximum means the last attempt never reported back.
      if (row.attempts > maxAttempts) throw new Error(`attempt ${maxAttempts} did not finish`);
      receipt = await sendRow(row, transport, sms);
    } catch (error) {
      const message = errorText(error);
      const provider = error instanceof ProviderError ? error : undefined;
      // A provider's refusal of the message itself (a 4xx) is final: trying again cannot help.
      const last = row.attempts >= maxAttempts || Boolean(provider?.permanent);
      options.logger?.[last ? 'error' : 'warn'](
        {
          messageId: row.id,
          template: row.template,
          attempts: row.attempts,
          error: message,
          ...(provider?.code ? { providerCode: provider.code } : {}),
        },
        provider?.permanent
          ? 'message refused by the provider; not retried'
          : last
            ? 'message delivery failed for the last time'
            : 'message delivery failed; will retry',
      );
      await settle(row, {
        status: last ? 'failed' : 'pending',
        lastError: message,
        providerCode: provider?.code ?? null,
      });
      result[last ? 'failed' : 'retried'] += 1;
      continue;
    }
    const providerMessageId = receipt?.providerMessageId ?? null;
    if (keeps) {
      await settle(row, { status: 'kept', sentAt: null });
      result.kept += 1;
    } else {
      await settle(row, { status: 'sent', sentAt: sql`now()`, providerMessageId });
      result.sent += 1;
    }
  }
  return result;
}

/** Hands one claimed row to its channel's transport. */
export function sendRow(
  row: OutboxRow,
  transport: MailTransport,
  sms: SmsTransport,
): Promise<DeliveryReceipt | void> {
  if (row.channel === 'email')
    return transport.send({
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
      ...(row.headers ? { headers: row.headers } : {}),
    });
  if (row.channel === 'sms') return sms.send({ to: row.recipient, text: row.body });
  return Promise.reject(new Error(`Unknown channel "${row.channel}"`));
}

/**
 * The admin Outbox's 'Send a test message' (decision 030): one message, sent at once through the
 * configured transport — the SMS provider, SMTP, or the mailbox — and the provider's answer. It is
 * an outbox row like any other (listed in the mailbox, template `outbox_test`), written already
 * `sending` with its one attempt and committed before the provider is asked, so that a crash
 * mid-send leaves it to the worker's rules (an SMS is never sent again). One attempt, not retried:
 * the admin sees the answer and decides.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type OutboxTestInput, type OutboxTestResult } from '@dealclub/shared/outbox';
import { normalizePhone, toE164 } from '@dealclub/shared/phone';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { errorText, type WorkLogger } from '../jobs';
import { sendRow } from './deliver';
import { ProviderError, type DeliveryReceipt, type MailTransport, type SmsTransport } from './transports';

export const OUTBOX_TEST_TEMPLATE = 'outbox_test';

export async function sendTestMessage(
  db: Db,
  input: OutboxTestInput,
  options: { mail: MailTransport; sms: SmsTransport; language: string; logger?: WorkLogger },
): Promise<OutboxTestResult> {
  const { channel } = input;
  const transport = channel === 'sms' ? options.sms : options.mail;
  // Stored as every phone number is (its 10 digits), sent in E.164; the schema checked both.
  const recipient = channel === 'sms' ? normalizePhone(input.to)! : input.to.trim();
  const to = channel === 'sms' ? toE164(recipient)! : recipient;
  const [row] = await db
    .insert(outbox)
    .values({
      channel,
      recipient,
      subject: translate(options.language, 'outboxAdmin.messageSubject'),
      body: translate(options.language, 'outboxAdmin.messageBody'),
      template: OUTBOX_TEST_TEMPLATE,
      // Claimed by this request from the start: the worker never takes it while it is ours.
      status: 'sending',
      attempts: 1,
      sentAt: sql`now()`,
    })
    .returning();
  const settle = (values: PgUpdateSetSource<typeof outbox>) =>
    db
      .update(outbox)
      .set(values)
      .where(and(eq(outbox.id, row!.id), eq(outbox.status, 'sending')));
  const answer = {
    channel,
    to,
    provider: transport.provider,
    outboxId: row!.id,
  } as const;

  let receipt: DeliveryReceipt | void;
  try {
    receipt = await sendRow(row!, options.mail, options.sms);
  } catch (error) {
    const provider = error instanceof ProviderError ? error : undefined;
    const message = errorText(error);
    options.logger?.warn(
      { messageId: row!.id, provider: transport.provider, providerCode: provider?.code, error: message },
      'test message failed',
    );
    await settle({ status: 'failed', lastError: message, providerCode: provider?.code ?? null });
    return {
      ...answer,
      status: 'failed',
      providerMessageId: null,
      providerCode: provider?.code ?? null,
      message,
    };
  }
  const providerMessageId = receipt?.providerMessageId ?? null;
  if (transport.keepsMessages) {
    await settle({ status: 'kept', sentAt: null });
    return { ...answer, status: 'kept', providerMessageId: null, providerCode: null, message: null };
  }
  await settle({ status: 'sent', sentAt: sql`now()`, providerMessageId });
  return { ...answer, status: 'sent', providerMessageId, providerCode: null, message: null };
}

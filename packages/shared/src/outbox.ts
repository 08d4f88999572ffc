/**
 * The admin Outbox's 'Send a test message' (API.md, delivery; decision 030): one message sent at
 * once through the configured transport, answered with what the provider said. The web form and
 * the API validate with the same schema; messages are locale keys.
 */
import { z } from 'zod';
import { normalizePhone } from './phone';
import {
  DELIVERY_PROVIDERS,
  OUTBOX_TEST_CHANNELS,
  OUTBOX_TEST_STATUSES,
  OUTBOX_TEST_TO_MAX_LENGTH,
} from './outbox-rules';

export * from './outbox-rules';

export const outboxTestSchema = z
  .object({
    channel: z.enum(OUTBOX_TEST_CHANNELS, { error: 'outboxAdmin.validation.channel' }),
    to: z
      .string({ error: 'outboxAdmin.validation.to' })
      .trim()
      .min(1, 'outboxAdmin.validation.to')
      .max(OUTBOX_TEST_TO_MAX_LENGTH, 'outboxAdmin.validation.to'),
  })
  .superRefine((value, ctx) => {
    const valid =
      value.channel === 'email' ? z.email().safeParse(value.to).success : normalizePhone(value.to) !== null;
    if (!valid)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: value.channel === 'email' ? 'outboxAdmin.validation.email' : 'outboxAdmin.validation.phone',
      });
  });
export type OutboxTestInput = z.input<typeof outboxTestSchema>;

export const outboxTestResultSchema = z.object({
  channel: z.enum(OUTBOX_TEST_CHANNELS),
  /** The recipient as it was sent: the e-mail address, or the phone number in E.164. */
  to: z.string(),
  provider: z.enum(DELIVERY_PROVIDERS),
  status: z.enum(OUTBOX_TEST_STATUSES),
  /** The message's row in the outbox (it is listed there like any other). */
  outboxId: z.string(),
  /** The provider's id of the accepted message: SNS's MessageId, Twilio's SID, SMTP's Message-ID. */
  providerMessageId: z.string().nullable(),
  /** The provider's code when it refused: `InvalidParameter`, `21211`, `554`, … */
  providerCode: z.string().nullable(),
  /** The provider's own words when it refused (as it wrote them, not translated). */
  message: z.string().nullable(),
});
export type OutboxTestResult = z.infer<typeof outboxTestResultSchema>;

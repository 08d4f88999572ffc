/**
 * The admin Outbox's 'Send a test message' without its schemas (decision 030): the channels, the
 * providers, the answer's statuses and the recipient's length. Kept apart from `outbox.ts` (zod) so
 * that the admin's form and tables load zod only when the form is first checked.
 */
export const OUTBOX_TEST_CHANNELS = ['email', 'sms'] as const;
export type OutboxTestChannel = (typeof OUTBOX_TEST_CHANNELS)[number];

/** Who delivered it: an SMS provider, the SMTP server, or nobody (kept in the mailbox). */
export const DELIVERY_PROVIDERS = ['sns', 'twilio', 'smtp', 'mailbox'] as const;
export type DeliveryProvider = (typeof DELIVERY_PROVIDERS)[number];

/** `sent`: the provider accepted it; `kept`: no provider, it is in the mailbox; `failed`: refused. */
export const OUTBOX_TEST_STATUSES = ['sent', 'kept', 'failed'] as const;
export type OutboxTestStatus = (typeof OUTBOX_TEST_STATUSES)[number];

/** An e-mail address is at most 254 characters (RFC 5321); a phone number far fewer. */
export const OUTBOX_TEST_TO_MAX_LENGTH = 254;

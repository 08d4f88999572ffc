/**
 * A message to one user on the channels they chose (DECISIONS.md, Conversations and notifications):
 * e-mail, and SMS when they chose it and gave a phone number, in their language, through the outbox
 * and so in the transaction of the event that sends it.
 */
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { translate } from '../../lib/i18n';
import { outboxInsert, type OutgoingMessage } from './enqueue-message';
import { smsSendAfter, timeZoneOf } from './quiet-hours';

/**
 * Sends `subject`/`body` (locale keys, filled with `vars(language)`) to `recipient` on each of their
 * channels: e-mail, and SMS when they chose it and have a phone number. With `quiet`, the SMS keeps
 * the quiet hours of the recipient's state (none between 21:00 and 08:00 there; one written then
 * waits until 08:00).
 */
export async function notifyUser(
  db: Db,
  recipient: UserRow,
  template: string,
  keys: { subject: string; body: string },
  vars: (language: string) => Record<string, string>,
  quiet?: { state: string | null; now: Date },
): Promise<void> {
  const messages = notificationMessages(recipient, template, keys, vars, quiet);
  if (messages.length) await outboxInsert(db, messages);
}

/**
 * What {@link notifyUser} writes to the outbox (none when the recipient chose no channel), for a
 * caller that writes it in a statement of its own ({@link outboxInsert} as a CTE).
 */
export function notificationMessages(
  recipient: UserRow,
  template: string,
  keys: { subject: string; body: string },
  vars: (language: string) => Record<string, string>,
  quiet?: { state: string | null; now: Date },
): OutgoingMessage[] {
  const language = recipient.languagePreference;
  const filled = vars(language);
  const subject = translate(language, keys.subject, filled);
  const messages: OutgoingMessage[] = [];
  if (recipient.notificationChannels.includes('email')) {
    messages.push({
      channel: 'email',
      recipient: recipient.email,
      subject,
      body: translate(language, keys.body, filled),
      template,
    });
  }
  if (recipient.notificationChannels.includes('sms') && recipient.phoneNumber) {
    messages.push({
      channel: 'sms',
      recipient: recipient.phoneNumber,
      subject,
      body: filled.link ? `${subject}: ${filled.link}` : subject,
      template,
      ...(quiet
        ? {
            sendAfter: smsSendAfter(quiet.state, quiet.now) ?? undefined,
            quietZone: timeZoneOf(quiet.state),
          }
        : {}),
    });
  }
  return messages;
}

/**
 * The messages an offer or an interest sends (DECISIONS.md, Conversations and notifications):
 * e-mail and SMS through the outbox, in the recipient's language and on the channels they chose,
 * written in the transaction of the event. A recipient sees the street address only if they may.
 */
import { streetWithUnit } from '@dealclub/shared/deals';
import { formatMoney } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import type { deals, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { enqueueMessage } from '../outbox/enqueue-message';
import { seesAddress } from '../deals/visibility';

type UserRow = typeof users.$inferSelect;
type DealRow = typeof deals.$inferSelect;

/** How a deal is named to `recipient`: the street when they may see it, else city, state and ZIP. */
export function placeFor(recipient: Pick<UserRow, 'id' | 'roles'>, deal: DealRow): string {
  const area = `${deal.city}, ${deal.state} ${deal.zipCode}`;
  const viewer = { id: recipient.id, isAdmin: recipient.roles.includes('admin') };
  if (!seesAddress(viewer, deal)) return area;
  return `${streetWithUnit(deal.streetAddress, deal.unit)}, ${area}`;
}

/** "cash" / "creative" and "purchase price $X" / "entry fee $X" in the recipient's language. */
export function offerWords(
  language: string,
  offer: { type: string; purchasePrice: number | null; entryFee: number | null },
) {
  const cash = offer.type === 'cash';
  return {
    type: translate(language, cash ? 'email.offerTypeCash' : 'email.offerTypeCreative'),
    amount: translate(language, cash ? 'email.offerAmountCash' : 'email.offerAmountCreative', {
      amount: formatMoney((cash ? offer.purchasePrice : offer.entryFee) ?? 0, language),
    }),
  };
}

/**
 * Sends `subject`/`body` (locale keys, filled with `vars(language)`) to `recipient` on each of their
 * channels: e-mail, and SMS when they chose it and have a phone number.
 */
export async function notifyUser(
  db: Db,
  recipient: UserRow,
  template: string,
  keys: { subject: string; body: string },
  vars: (language: string) => Record<string, string>,
): Promise<void> {
  const language = recipient.languagePreference;
  const filled = vars(language);
  const subject = translate(language, keys.subject, filled);
  if (recipient.notificationChannels.includes('email')) {
    await enqueueMessage(db, {
      channel: 'email',
      recipient: recipient.email,
      subject,
      body: translate(language, keys.body, filled),
      template,
    });
  }
  if (recipient.notificationChannels.includes('sms') && recipient.phoneNumber) {
    await enqueueMessage(db, {
      channel: 'sms',
      recipient: recipient.phoneNumber,
      subject,
      body: filled.link ? `${subject}: ${filled.link}` : subject,
      template,
    });
  }
}

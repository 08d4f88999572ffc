/**
 * The words of the messages an offer or an interest sends, in the recipient's language; they go out
 * through the outbox's `notifyUser` in the transaction of the event.
 */
import { formatMoney } from '@dealclub/shared/format';
import { translate } from '../../lib/i18n';

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

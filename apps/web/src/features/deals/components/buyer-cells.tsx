import { personName } from '@dealclub/shared/format';
import { formatPhone, normalizePhone } from '@dealclub/shared/phone';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { formatMoment } from '@/lib/dates';
import type { EngagedBuyer } from '../api/deal-offers';
import { NotProvided } from '@/components/ui/not-provided';

/** A buyer's full name, or the e-mail when the profile has no name yet (names default to ''). */
export const buyerName = (buyer: EngagedBuyer) => personName(buyer) || buyer.email;

/** A buyer's name and the Certified Buyer badge. */
export function BuyerName({ buyer }: { buyer: EngagedBuyer }) {
  const name = buyerName(buyer);
  return (
    <span className="grid justify-items-start gap-1">
      <span className="font-medium text-ink">{name}</span>
      {buyer.certifiedBuyer && <CertifiedBadge />}
    </span>
  );
}

/** A phone number as (xxx) xxx-xxxx, dialable; 'Not provided' when there is none. */
export function PhoneLink({ phone }: { phone: string | null }) {
  const digits = phone ? normalizePhone(phone) : null;
  if (!phone) return <NotProvided />;
  if (!digits) return <span>{phone}</span>;
  return (
    <a href={`tel:+1${digits}`} className="whitespace-nowrap text-brand-800 underline">
      {formatPhone(digits)}
    </a>
  );
}

/** A date and time of an event (submitted, expressed interest) in the reader's language. */
export function DateTime({ value, language }: { value: string; language: string }) {
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatMoment(value, language)}
    </time>
  );
}

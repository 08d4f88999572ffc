/**
 * Factories of the deals feature's own unit tests: what a deal's originator receives (offers with
 * their buyers and figures, interests). Deals and offers themselves are `@/test/deals`.
 */
import { offerFigures } from '@dealclub/shared/offer-rules';
import type { DealDetail, Offer } from '@/lib/deals';
import { createOffer } from '@/test/deals';
import type { EngagedBuyer, ReceivedInterest, ReceivedOffer } from './api/deal-offers';

export function createBuyer(overrides: Partial<EngagedBuyer> = {}): EngagedBuyer {
  return {
    id: 'b1',
    firstName: 'Rosa',
    lastName: 'Díaz',
    email: 'rosa@example.test',
    phoneNumber: '5125550100',
    certifiedBuyer: false,
    ...overrides,
  };
}

/** An offer as the deal's originator receives it, with the figures of the comparison table. */
export function createReceivedOffer(
  overrides: Partial<Offer> = {},
  buyer: Partial<EngagedBuyer> = {},
  deal: Pick<DealDetail, 'purchasePrice' | 'entryFee'> = { purchasePrice: 400_000, entryFee: 15_000 },
  now = new Date('2026-02-05T12:00:00Z'),
): ReceivedOffer {
  const offer = createOffer(overrides);
  return { ...offer, buyer: createBuyer(buyer), figures: offerFigures(offer, deal, now) };
}

export function createInterest(overrides: Partial<ReceivedInterest> = {}): ReceivedInterest {
  return {
    id: 'i1',
    message: 'Is the roof new?',
    createdAt: '2026-02-02T10:00:00.000Z',
    updatedAt: '2026-02-02T10:00:00.000Z',
    buyer: createBuyer({ id: 'b2', firstName: 'Lee', lastName: 'Park', email: 'lee@example.test' }),
    ...overrides,
  };
}

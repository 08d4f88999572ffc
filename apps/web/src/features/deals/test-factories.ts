/**
 * Factories of the deals feature's unit tests: deals, offers, interests and the API's JSON answers.
 * The signed-in session is `signedIn` of `@/test/session`.
 */
import { offerFigures } from '@dealclub/shared/offer-rules';
import type { EngagedBuyer, ReceivedInterest, ReceivedOffer } from './api/deal-offers';
import type { Card, DealDetail } from './api/deals';
import type { Offer } from './api/offers';

export const DEAL_ID = '11111111-1111-4111-8111-111111111111';

/** An active creative (subject-to) deal of someone else, asking $400,000 with a $15,000 entry fee. */
export function createCard(overrides: Partial<Card> = {}): Card {
  return {
    id: DEAL_ID,
    status: 'active',
    streetAddress: '12 Oak Street',
    unit: null,
    addressHidden: false,
    hideAddress: false,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    category: 'creative',
    purchaseType: 'SubTo',
    propertyType: 'singleFamily',
    purchasePrice: 400_000,
    entryFee: 15_000,
    interestRate: 3.25,
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1500,
    tags: ['motivated-seller'],
    systemTags: [],
    coverPhotoUrl: null,
    coverPhoto: null,
    isFavorite: false,
    isOwn: false,
    termsVerified: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The deal of {@link createCard} with every term, as `GET /api/deals/:id` answers it. */
export function createDeal(overrides: Partial<DealDetail> = {}): DealDetail {
  return {
    ...createCard(),
    description: 'A family home near the park.',
    exclusiveUntil: null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    photos: [],
    math: null,
    originator: { firstName: 'Sam', companyName: null, logoUrl: null, callBookingUrl: null },
    statusHistory: [],
    myInterest: null,
    myOffer: null,
    engagement: null,
    ...overrides,
  };
}

export function createOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'o1',
    dealId: DEAL_ID,
    type: 'cash',
    purchasePrice: 390_000,
    entryFee: null,
    estimatedCloseDate: '2026-03-01',
    message: '',
    acknowledgedRisks: [],
    status: 'open',
    createdAt: '2026-02-01T15:00:00.000Z',
    acceptedAt: null,
    replacesId: null,
    ...overrides,
  };
}

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

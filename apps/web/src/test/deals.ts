/**
 * Factories of deals for unit tests (the deal screens, the dashboard, a deal's analytics): a card
 * of a list, the whole deal, an offer, as the API answers them (`@/lib/deals`). The signed-in
 * session is `signedIn` of `@/test/session`; the JSON answer `json` of `@/test/json`.
 */
import type { Card, DealDetail, Offer } from '@/lib/deals';

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

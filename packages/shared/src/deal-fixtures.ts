/**
 * A valid deal for tests on both sides (the shared schema's unit tests, the API's integration
 * tests): the one place that knows what a complete cash deal takes.
 */
import type { DealInput } from './deals';

/** A valid cash deal in Austin, TX, with overrides. */
export const validCashDeal = (overrides: Partial<DealInput> = {}): DealInput => ({
  streetAddress: '1200 Barton Springs Rd',
  city: 'Austin',
  state: 'TX',
  zipCode: '78704',
  purchasePrice: 450000,
  category: 'cash',
  propertyType: 'singleFamily',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1650,
  yearBuilt: 1985,
  description: 'Bright corner lot near the park.',
  tags: ['off-market'],
  legalCertification: true,
  ...overrides,
});

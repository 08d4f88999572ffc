/** Deal factories for API tests: valid deals at a new address each call, with overrides. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { validCashDeal } from '@dealclub/shared/deal-fixtures';
import type { DealInput } from '@dealclub/shared/deals';
import { callAs, type TestUser } from './auth';

let street = 100;

/** A valid cash deal in Austin, TX, at a new street number each call. */
export const cashDeal = (overrides: Partial<DealInput> = {}): DealInput =>
  validCashDeal({ streetAddress: `${street++} Barton Springs Rd`, ...overrides });

/** A valid subject-to deal: entry fee $9,000, FHA loan at 2.75 %. */
export const subToDeal = (overrides: Partial<DealInput> = {}): DealInput =>
  cashDeal({
    category: 'creative',
    purchaseType: 'SubTo',
    loanType: 'FHA',
    interestRate: 2.75,
    loanBalance: 310000,
    loanMaturityDate: '2051-06-01',
    piti: 2100,
    entryFee: 9000,
    emd: 2000,
    ...overrides,
  });

/** Lists `deal` as `seller` through the API and returns the created deal (201 or the test fails). */
/** A subject-to deal in Reno: PITI $2,100 + HOA $172 = $2,272 a month; $9,000 + $3,000 to close. */
export const renoSubTo = (over: Partial<DealInput> = {}): DealInput =>
  subToDeal({
    city: 'Reno',
    state: 'NV',
    zipCode: '89501',
    piti: 2100,
    hoaMonthlyFee: 172,
    entryFee: 9000,
    emd: 3000,
    ...over,
  });

export async function listDeal(app: FastifyInstance, seller: TestUser, deal: DealInput = cashDeal()) {
  const res = await callAs(app, seller, 'POST', '/api/deals', deal);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string } & Record<string, unknown>;
}

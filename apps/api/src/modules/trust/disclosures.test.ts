import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealInput } from '@dealclub/shared/deals';
import { isoDay } from '@dealclub/shared/offers';
import { offers, users, webhookDeliveries } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type Method, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, subToDeal } from '../../test/deals';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const inDays = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
/** The first day of the month `months` from now, `YYYY-MM-DD`. */
function monthsAhead(months: number) {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)));
}

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);

/** A hybrid deal whose terms call for every disclosure a hybrid can have. */
const riskyHybrid = (overrides: Partial<DealInput> = {}): DealInput =>
  subToDeal({
    purchaseType: 'Hybrid',
    purchasePrice: 420000,
    sellerLoanAmount: 60000,
    sellerInterestRate: 6,
    piMonthlyPayment: 360,
    sellerLoanMaturity: monthsAhead(36),
    deedTransferType: 'DeedTransfer',
    hoaMonthlyFee: 85,
    solar: 'leased',
    solarMonthlyFee: 140,
    ...overrides,
  });

const creativeOffer = (acknowledgedRisks?: unknown) => ({
  type: 'creative',
  entryFee: 15000,
  estimatedCloseDate: inDays(30),
  ...(acknowledgedRisks === undefined ? {} : { acknowledgedRisks }),
});

async function setup() {
  app = await createTestApp();
  const seller = await createUser(app, { roles: ['originator'] });
  const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Ana', lastName: 'Buyer' });
  return { seller, buyer };
}

describe('GET /api/deals/{id}/disclosures', () => {
  it("lists a creative deal's risks in plain language with its own date and amount, in the reader's language", async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, riskyHybrid());
    const res = await send(buyer, 'GET', `/api/deals/${deal.id}/disclosures`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { key: string; title: string; body: string; help: string }[];
    expect(items.map((i) => i.key)).toEqual(['dueOnSale', 'sellerBalloon', 'hoaApproval', 'solarLease']);
    expect(items[0]).toMatchObject({
      title: 'Due-on-sale clause',
      help: expect.stringMatching(/^\/training\?lesson=/),
    });
    const balloon = items[1]!;
    const maturity = new Date(`${monthsAhead(36)}T00:00:00Z`);
    expect(balloon.body).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(maturity),
    );
    // A $60,000 loan paying $360 a month at 6 % barely amortises in three years: about $58,000 is due.
    const amount = Number(/about \$([\d,]+)/.exec(balloon.body)![1]!.replaceAll(',', ''));
    expect(amount).toBeGreaterThan(55000);
    expect(amount).toBeLessThan(60000);
    expect(items[2]!.body).toContain('$85 a month');

    const spanish = await app.inject({
      method: 'GET',
      url: `/api/deals/${deal.id}/disclosures`,
      headers: { ...buyer.headers, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(spanish.json().items[0].title).toBe('Cláusula de vencimiento por venta');
    // Without the header, the reader's saved language.
    await app.database.db.update(users).set({ languagePreference: 'es' }).where(eq(users.id, buyer.id));
    const saved = await send(buyer, 'GET', `/api/deals/${deal.id}/disclosures`);
    expect(saved.json().items[3].title).toBe('Paneles solares arrendados');
  });

  it('has none for a cash deal or a creative deal without risky terms', async () => {
    const { seller, buyer } = await setup();
    const cash = await listDeal(app, seller, cashDeal({ hoaMonthlyFee: 300 }));
    expect((await send(buyer, 'GET', `/api/deals/${cash.id}/disclosures`)).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    const lease = await listDeal(
      app,
      seller,
      cashDeal({
        category: 'creative',
        purchaseType: 'LeaseOption',
        optionFee: 6000,
        optionSalePrice: 460000,
        optionTermYears: 2,
        monthlyLeasePayment: 2400,
      }),
    );
    const items = (await send(buyer, 'GET', `/api/deals/${lease.id}/disclosures`)).json().items;
    expect(items.map((i: { key: string }) => i.key)).toEqual(['optionFee']);
    expect(items[0].body).toContain('$6,000');
  });

  it('is answered only to those who may see the deal', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, riskyHybrid());
    const otherSeller = await createUser(app, { roles: ['originator'] });
    expect((await send(otherSeller, 'GET', `/api/deals/${deal.id}/disclosures`)).statusCode).toBe(404);
    expect((await send(seller, 'GET', `/api/deals/${deal.id}/disclosures`)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/deals/${deal.id}/disclosures` })).statusCode).toBe(
      401,
    );
    const unknown = await send(buyer, 'GET', '/api/deals/00000000-0000-4000-8000-000000000000/disclosures');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LISTING_NOT_FOUND');
    const malformed = await send(buyer, 'GET', '/api/deals/not-a-uuid/disclosures');
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });
});

describe('acknowledging the risks with an offer', () => {
  it('refuses a creative offer that does not acknowledge every risk, storing nothing', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, riskyHybrid());
    const none = await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, creativeOffer());
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'RISKS_NOT_ACKNOWLEDGED',
      message: 'Please acknowledge each risk of these terms before submitting your offer.',
    });
    const some = await send(
      buyer,
      'POST',
      `/api/deals/${deal.id}/offers`,
      creativeOffer(['dueOnSale', 'sellerBalloon', 'hoaApproval']),
    );
    expect(some.json().code).toBe('RISKS_NOT_ACKNOWLEDGED');
    const unknown = await send(
      buyer,
      'POST',
      `/api/deals/${deal.id}/offers`,
      creativeOffer(['dueOnSale', 'sellerBalloon', 'hoaApproval', 'solarLease', 'meteorStrike']),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_DISCLOSURE');
    for (const malformed of [
      'dueOnSale',
      [1, 2],
      Array.from({ length: 7 }, () => 'dueOnSale'),
      ['x'.repeat(41)],
    ]) {
      const res = await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, creativeOffer(malformed));
      expect(res.statusCode, JSON.stringify(malformed)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await app.database.db.select().from(offers)).toEqual([]);
  });

  it('takes a creative offer that acknowledges them all, and a cash offer that acknowledges none', async () => {
    const { seller, buyer } = await setup();
    const deal = await listDeal(app, seller, riskyHybrid());
    const all = ['solarLease', 'dueOnSale', 'hoaApproval', 'sellerBalloon'];
    const creative = await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, creativeOffer(all));
    expect(creative.statusCode, creative.body).toBe(201);
    expect([...creative.json().acknowledgedRisks].sort()).toEqual([...all].sort());

    const other = await createUser(app, { roles: ['buyer'] });
    const cash = await send(other, 'POST', `/api/deals/${deal.id}/offers`, {
      type: 'cash',
      purchasePrice: 400000,
      estimatedCloseDate: inDays(20),
      acknowledgedRisks: ['dueOnSale'],
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().acknowledgedRisks).toEqual([]);
  });

  it('asks again when the seller changed the terms after the buyer read them', async () => {
    const { seller, buyer } = await setup();
    const input = subToDeal();
    const deal = await listDeal(app, seller, input);
    expect((await send(buyer, 'GET', `/api/deals/${deal.id}/disclosures`)).json().items).toHaveLength(1);
    const edited = await send(seller, 'PUT', `/api/deals/${deal.id}`, { ...input, hoaMonthlyFee: 200 });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await send(buyer, 'POST', `/api/deals/${deal.id}/offers`, creativeOffer(['dueOnSale']));
    expect(stale.json().code).toBe('RISKS_NOT_ACKNOWLEDGED');
    const fresh = await send(
      buyer,
      'POST',
      `/api/deals/${deal.id}/offers`,
      creativeOffer(['dueOnSale', 'hoaApproval']),
    );
    expect(fresh.statusCode).toBe(201);
  });

  it('shows the seller the acknowledgements in the offers table, the CSV and the webhook payload', async () => {
    const { seller, buyer } = await setup();
    await app.database.db
      .update(users)
      .set({
        offerWebhookUrl: 'https://hooks.example.test/offers',
        offerWebhookEnabled: true,
        offerWebhookSecret: 's',
      })
      .where(eq(users.id, seller.id));
    const deal = await listDeal(app, seller, subToDeal({ hoaMonthlyFee: 50 }));
    const offer = await send(
      buyer,
      'POST',
      `/api/deals/${deal.id}/offers`,
      creativeOffer(['dueOnSale', 'hoaApproval']),
    );
    expect(offer.statusCode).toBe(201);

    const table = (await send(seller, 'GET', `/api/deals/${deal.id}/offers`)).json();
    expect(table.items[0].acknowledgedRisks).toEqual(['dueOnSale', 'hoaApproval']);
    // The entry fee plus the $310,000 loan taken over subject to.
    expect(table.items[0].figures).toMatchObject({ effectivePrice: 325000, cashToSeller: 15000 });

    const csv = (await send(seller, 'GET', `/api/deals/${deal.id}/offers.csv`)).body;
    expect(csv).toContain('Risks acknowledged');
    expect(csv).toContain('Due-on-sale clause; Homeowners association approval');

    const [delivery] = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, seller.id));
    expect(delivery!.payload).toMatchObject({
      type: 'offer.submitted',
      data: { offer: { acknowledgedRisks: ['dueOnSale', 'hoaApproval'] } },
    });
  });
});

import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Seed } from '../../db/seed';
import { buyBoxes, buyerPreferences, sellerPreferences, users } from '../../db/schema';

/**
 * The demo accounts' preference tabs, so each demo role opens the product without the
 * profile-completion redirect: the buyers' preferences, the owner's buy box, the sellers' markets
 * and company.
 */
export const demoProfilesSeed: Seed = {
  name: 'demo-profiles',
  async run(db: Db) {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(users.email, ['owner@demo.test', 'seller@demo.test', 'buyer@demo.test', 'hybrid@demo.test']),
      );
    const id = (email: string) => rows.find((r) => r.email === email)?.id;
    const buyer = id('buyer@demo.test');
    const hybrid = id('hybrid@demo.test');
    const owner = id('owner@demo.test');
    const seller = id('seller@demo.test');

    const buyerBase = {
      useCase: 'investment',
      state: 'TX',
      city: 'Austin',
      zipCodes: ['78701', '78702', '78704'],
      propertyTypes: ['singleFamily', '24unit'],
      bedrooms: 3,
      bathrooms: 1,
      maxMonthlyPayment: 3000,
      maxDownPayment: 45000,
      condition: 'minor-work',
      financingType: 'conventional',
      creditScoreRange: 'good',
    };
    if (buyer)
      await db
        .insert(buyerPreferences)
        .values({ ...buyerBase, userId: buyer })
        .onConflictDoNothing();
    // Deal alerts (issue 13): the buyer in real time (the default), the hybrid by daily digest, the
    // owner by weekly summary.
    if (hybrid) await db.update(users).set({ searchFrequency: 'daily' }).where(eq(users.id, hybrid));
    if (owner) await db.update(users).set({ searchFrequency: 'weekly' }).where(eq(users.id, owner));
    if (hybrid) {
      await db
        .insert(buyerPreferences)
        .values({ ...buyerBase, userId: hybrid, state: 'FL', city: 'Tampa', zipCodes: ['33602', '33606'] })
        .onConflictDoNothing();
    }
    if (owner) {
      await db
        .insert(buyBoxes)
        .values({
          userId: owner,
          type: 'any',
          state: 'AZ',
          city: 'Phoenix',
          zipCodes: ['85004', '85006', '85008'],
        })
        .onConflictDoNothing();
    }
    for (const [userId, markets, company] of [
      [
        seller,
        [
          { state: 'TX', city: 'Austin' },
          { state: 'TX', city: 'San Antonio' },
        ],
        'Sam Seller Homes',
      ],
      [hybrid, [{ state: 'FL', city: 'Tampa' }], 'Hybrid Holdings'],
    ] as const) {
      if (!userId) continue;
      await db
        .insert(sellerPreferences)
        .values({ userId, markets: [...markets], dealTypes: ['SubTo', 'SellerFinance', 'cash'] })
        .onConflictDoNothing();
      await db.update(users).set({ companyName: company }).where(eq(users.id, userId));
    }
  },
};

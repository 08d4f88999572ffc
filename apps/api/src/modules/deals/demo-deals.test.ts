import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { runSeeds } from '../../db/seed';
import { createTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { DEMO_PASSWORD, demoAccountsSeed } from '../identity/demo-accounts';
import { demoProfilesSeed } from '../profile/demo-profiles';
import { demoDealsSeed } from './demo-deals';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('demo deals', () => {
  it('lists 60 varied deals with photos for the demo seller and owner', async () => {
    app = await createTestApp();
    await runSeeds(app.database.db, [demoAccountsSeed, demoProfilesSeed, demoDealsSeed], {
      storage: app.storage,
    });
    const rows = await queryRows<{ kind: string; status: string; n: number }>(
      app.database.db,
      sql`select coalesce(purchase_type, category) as kind, status, count(*)::int as n from deals group by 1, 2`,
    );
    const total = rows.reduce((a, r) => a + r.n, 0);
    expect(total).toBe(60);
    const kinds = new Set(rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['Hybrid', 'LeaseOption', 'SellerFinance', 'SubTo', 'cash']);
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ['active', 'exclusive', 'pending', 'sold', 'canceled'])
      expect(statuses).toContain(status);

    const tokens = await signIn(app, 'buyer@demo.test', DEMO_PASSWORD);
    const page = await app.inject({
      url: '/api/deals?limit=100',
      headers: { authorization: `Bearer ${tokens.idToken}` },
    });
    const items = page.json().items as { coverPhotoUrl: string | null; addressHidden: boolean }[];
    expect(items.length).toBeGreaterThan(40);
    expect(items.every((d) => d.coverPhotoUrl)).toBe(true);
    expect(items.some((d) => d.addressHidden)).toBe(true);
    const photo = await app.inject({ url: items[0]!.coverPhotoUrl! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });
});

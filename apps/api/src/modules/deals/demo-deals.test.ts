import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { runSeeds } from '../../db/seed';
import { createTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { DEMO_PASSWORD, demoAccountsSeed } from '../identity';
import { demoAlertsSeed } from '../alerts';
import { demoProfilesSeed } from '../profile';
import { demoDealsSeed } from './demo-deals';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('demo deals', () => {
  it('lists 60 varied deals with photos for the demo seller and owner', { timeout: 120_000 }, async () => {
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

  it('alerts the demo buyers the demo deals fit: e-mails in the mailbox, matches in the bell and the list', async () => {
    app = await createTestApp();
    await runSeeds(app.database.db, [demoAccountsSeed, demoProfilesSeed, demoDealsSeed, demoAlertsSeed], {
      config: app.config,
      secrets: app.secrets,
    });
    const alerts = await queryRows<{ email: string; frequency: string; status: string; n: number }>(
      app.database.db,
      sql`select u.email, a.frequency, a.status, count(*)::int as n from deal_alerts a
          join users u on u.id = a.user_id group by 1, 2, 3 order by 1`,
    );
    // The demo buyer (real time) was alerted at once; the hybrid (daily) waits for the digest.
    expect(alerts).toContainEqual(
      expect.objectContaining({ email: 'buyer@demo.test', frequency: 'realtime', status: 'sent' }),
    );
    expect(alerts).toContainEqual(
      expect.objectContaining({ email: 'hybrid@demo.test', frequency: 'daily', status: 'pending' }),
    );
    const mails = await queryRows<{ subject: string; html: string | null }>(
      app.database.db,
      sql`select subject, html from outbox where recipient = 'buyer@demo.test' and template = 'deal_alert'`,
    );
    expect(mails.length).toBe(alerts.find((a) => a.email === 'buyer@demo.test')!.n);
    expect(mails.every((m) => m.html?.includes('/api/alerts/unsubscribe?token='))).toBe(true);

    const tokens = await signIn(app, 'buyer@demo.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${tokens.idToken}` };
    const bell = (await app.inject({ url: '/api/chat/notifications', headers })).json() as {
      items: { type: string }[];
    };
    expect(bell.items.some((n) => n.type === 'deal_match')).toBe(true);
    const matched = (await app.inject({ url: '/api/matches', headers })).json() as {
      items: { match: { score: number } }[];
    };
    expect(matched.items.length).toBeGreaterThan(0);
    expect(matched.items[0]!.match.score).toBe(100);
  });
});

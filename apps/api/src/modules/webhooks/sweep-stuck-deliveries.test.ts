import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { jobs, users, webhookDeliveries } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/app';
import { enqueueJob } from '../jobs/queue';
import { WEBHOOK_JOB } from './enqueue';
import { sweepStuckDeliveries } from './sweep-stuck-deliveries';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the sweep of deliveries a crash left pending', () => {
  it('queues again those still within 24 hours, fails the rest and test events, and leaves live ones alone', async () => {
    database = await createTestDatabase();
    const db: Db = database.db;
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, email: `${userId}@example.test` });

    const delivery = async (event: string, createdAgo: string, values: Record<string, unknown> = {}) => {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ userId, event, payload: {}, createdAt: sql`now() - ${createdAgo}::interval`, ...values })
        .returning({ id: webhookDeliveries.id });
      return row!.id;
    };
    // Its job gave up ("attempt did not finish"): pending, no job left, 2 hours old.
    const orphaned = await delivery('offer.submitted', '2 hours', {
      attempts: 1,
      lastError: 'timeout',
    });
    await enqueueJob(db, { type: WEBHOOK_JOB, payload: { deliveryId: orphaned } });
    await db.update(jobs).set({ completedAt: sql`now()`, lastError: 'Gave up: attempt 40 did not finish' });
    // The test event's request died with its server.
    const testEvent = await delivery('webhook.test', '1 hour');
    // Past its 24 hours: failed with the last attempt's error, or as interrupted without one.
    const tooOld = await delivery('offer.accepted', '25 hours', { attempts: 3, lastError: 'http: 503' });
    const tooOldNoAttempt = await delivery('offer.accepted', '30 hours');
    // Still worked on by a job (retrying with backoff): not stuck, however old.
    const live = await delivery('offer.submitted', '5 hours');
    await enqueueJob(db, { type: WEBHOOK_JOB, payload: { deliveryId: live } });
    // Too recent to call stuck: its attempt may be under way.
    const recent = await delivery('webhook.test', '1 minute');
    const settled = await delivery('offer.submitted', '3 hours', { status: 'delivered' });

    expect(await sweepStuckDeliveries(db)).toEqual({ requeued: 1, failed: 3 });

    const row = async (id: string) =>
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
    expect(await row(orphaned)).toMatchObject({ status: 'pending', lastError: 'timeout' });
    const queued = await db
      .select()
      .from(jobs)
      .where(and(isNull(jobs.completedAt), sql`${jobs.payload}->>'deliveryId' = ${orphaned}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: WEBHOOK_JOB, attempts: 0, maxAttempts: 40 });

    expect(await row(testEvent)).toMatchObject({ status: 'failed', lastError: 'interrupted' });
    expect(await row(tooOld)).toMatchObject({ status: 'failed', lastError: 'http: 503' });
    expect(await row(tooOldNoAttempt)).toMatchObject({ status: 'failed', lastError: 'interrupted' });
    expect(await row(live)).toMatchObject({ status: 'pending' });
    expect(await row(recent)).toMatchObject({ status: 'pending' });
    expect(await row(settled)).toMatchObject({ status: 'delivered' });

    // The requeued one has its job now: a second sweep (another instance) finds nothing.
    expect(await sweepStuckDeliveries(db)).toEqual({ requeued: 0, failed: 0 });
  });
});

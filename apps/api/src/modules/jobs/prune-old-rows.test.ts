import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { idempotencyKeys, jobs, outbox, users, webhookDeliveries } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/app';
import { pruneOldRows } from './prune-old-rows';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const retention = { webhookDeliveryDays: 30, outboxDays: 30, jobDays: 7 };
const ago = (days: number) => sql`now() - ${days} * interval '1 day'`;

async function seller(db: Db) {
  const id = randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.test` });
  return id;
}

describe('pruning old rows', () => {
  it('deletes settled rows past their retention and keeps recent and unsettled ones, however old', async () => {
    database = await createTestDatabase();
    const db = database.db;
    const userId = await seller(db);

    const delivery = async (status: string, days: number) => {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ userId, event: 'offer.submitted', payload: {}, status, createdAt: ago(days) })
        .returning({ id: webhookDeliveries.id });
      return row!.id;
    };
    const message = async (status: string, days: number) => {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'email',
          recipient: 'ada@example.test',
          subject: 's',
          body: 'b',
          template: 't',
          status,
          createdAt: ago(days),
        })
        .returning({ id: outbox.id });
      return row!.id;
    };
    const job = async (completedDaysAgo: number | null, createdDaysAgo: number) => {
      const [row] = await db
        .insert(jobs)
        .values({
          type: 'x',
          createdAt: ago(createdDaysAgo),
          completedAt: completedDaysAgo === null ? null : ago(completedDaysAgo),
        })
        .returning({ id: jobs.id });
      return row!.id;
    };

    const gone = [
      await delivery('delivered', 31),
      await delivery('failed', 45),
      await message('sent', 31),
      await message('kept', 31),
      await message('failed', 60),
      await job(8, 9),
    ];
    const kept = {
      deliveries: [
        await delivery('delivered', 29),
        await delivery('pending', 90),
        await delivery('failed', 1),
      ],
      messages: [await message('sent', 29), await message('pending', 90), await message('sending', 90)],
      jobs: [await job(6, 40), await job(null, 40)],
    };

    expect(await pruneOldRows(db, retention)).toEqual({
      webhookDeliveries: 2,
      outbox: 3,
      jobs: 1,
      idempotencyKeys: 0,
      more: false,
    });
    const ids = async () => ({
      deliveries: (await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((r) => r.id),
      messages: (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id),
      jobs: (await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id),
    });
    const left = await ids();
    expect(left.deliveries.sort()).toEqual([...kept.deliveries].sort());
    expect(left.messages.sort()).toEqual([...kept.messages].sort());
    expect(left.jobs.sort()).toEqual([...kept.jobs].sort());
    for (const id of gone) {
      expect(left.deliveries).not.toContain(id);
      expect(left.messages).not.toContain(id);
    }

    // Nothing more to do: a second run (another instance) deletes nothing.
    expect(await pruneOldRows(db, retention)).toEqual({
      webhookDeliveries: 0,
      outbox: 0,
      jobs: 0,
      idempotencyKeys: 0,
      more: false,
    });

    // A shorter retention takes more settled rows (29 days and 1 day old), still no pending one.
    expect(await pruneOldRows(db, { webhookDeliveryDays: 1, outboxDays: 30, jobDays: 7 })).toMatchObject({
      webhookDeliveries: 2,
    });
    const [stillPending] = await db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, kept.deliveries[1]!));
    expect(stillPending).toEqual({ status: 'pending' });
  });

  it('deletes idempotency keys past their 24 hours, answered or still in flight, and keeps younger ones', async () => {
    database = await createTestDatabase();
    const db = database.db;
    const userId = await seller(db);
    const hoursAgo = (hours: number) => sql`now() - ${hours} * interval '1 hour'`;
    const key = (name: string, hours: number, statusCode: number | null) =>
      db.insert(idempotencyKeys).values({
        userId,
        key: name,
        requestHash: 'h',
        statusCode,
        response: statusCode === null ? null : '{}',
        createdAt: hoursAgo(hours),
      });
    await key('answered-old', 25, 201);
    await key('in-flight-old', 48, null);
    await key('answered-recent', 23, 201);
    await key('in-flight-recent', 0, null);

    expect(await pruneOldRows(db, retention)).toMatchObject({ idempotencyKeys: 2, more: false });
    const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key).sort()).toEqual(['answered-recent', 'in-flight-recent']);
    expect(await pruneOldRows(db, retention, 1)).toMatchObject({ idempotencyKeys: 0, more: false });
  });

  it('works in batches and says when more rows are waiting', async () => {
    database = await createTestDatabase();
    const db = database.db;
    const userId = await seller(db);
    await db.insert(webhookDeliveries).values(
      Array.from({ length: 5 }, () => ({
        userId,
        event: 'offer.submitted',
        payload: {},
        status: 'delivered',
        createdAt: ago(40),
      })),
    );
    expect(await pruneOldRows(db, retention, 3)).toMatchObject({ webhookDeliveries: 3, more: true });
    expect(await pruneOldRows(db, retention, 3)).toMatchObject({ webhookDeliveries: 2, more: false });
  });
});

/**
 * Webhook secrets at rest (decision 018), on the real app and database: what the database holds,
 * that deliveries still sign with the secret the seller was shown, legacy plain-text rows, and a
 * key rotation (with SECRETS_KEY and with the key file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import {
  newSecretKeyText,
  parseSecretKey,
  readKeyFile,
  readOrCreateKeyFile,
  SecretBox,
  secretKeyId,
} from '../../lib/secret-box';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../test/webhook-receiver';
import { JobWorker } from '../jobs';
import { webhookJobHandler } from './deliver-webhook';
import { enqueueWebhookEvent, WEBHOOK_JOB } from './enqueue';
import { rotateSecretsKey } from '../secrets';
import { openWebhookSecret, resealWebhookSecrets, unopenableWebhookSecrets } from './webhook-secrets';

let app: FastifyInstance | undefined;
let receiver: WebhookReceiver | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await receiver?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = receiver = dataDir = undefined;
});

const key = () => parseSecretKey(newSecretKeyText())!;
const loopback = { allowHttp: true, allowLoopback: true };

/** A seller on an app whose secrets key is `current` (and `previous`), with a receiver to post to. */
async function sellerWithReceiver(current: Buffer, previous: Buffer[] = []) {
  receiver = await startWebhookReceiver();
  app = await createTestApp(
    { WEBHOOK_ALLOW_LOOPBACK: 'true' },
    { secrets: new SecretBox([current, ...previous]) },
  );
  return createUser(app, { roles: ['originator'] });
}

const storedSecret = async (userId: string) =>
  (await app!.database.db.select().from(users).where(eq(users.id, userId)))[0]!.offerWebhookSecret!;

/** Turns the webhook on through the API; answers the secret shown once. */
async function setUpWebhook(user: TestUser): Promise<string> {
  const res = await callAs(app!, user, 'PUT', '/api/profile/integrations', {
    offerWebhookUrl: `${receiver!.origin}/hook`,
    offerWebhookEnabled: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secret as string;
}

/** Queues an offer event and runs the job worker once, with the app's keys. */
async function deliverOneEvent(user: TestUser) {
  const db = app!.database.db;
  const [seller] = await db.select().from(users).where(eq(users.id, user.id));
  await enqueueWebhookEvent(db, seller!, 'offer.submitted', { offerId: 'o1' });
  const worker = new JobWorker(db).register(
    WEBHOOK_JOB,
    webhookJobHandler(db, { policy: loopback, secrets: app!.secrets }),
  );
  return worker.runOnce();
}

describe('webhook secrets at rest', () => {
  it('are stored sealed, never in the clear, and still sign deliveries the seller can verify', async () => {
    const current = key();
    const user = await sellerWithReceiver(current);
    const secret = await setUpWebhook(user);
    expect(secret).toMatch(/^whsec_/);

    const stored = await storedSecret(user.id);
    expect(stored).toMatch(new RegExp(`^enc1:${secretKeyId(current)}:`));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length, 'whsec_'.length + 12));
    // Nowhere in the users table, whatever the column.
    const rows = await queryRows<{ found: number }>(
      app!.database.db,
      sql`select count(*)::int as found from users where users::text like ${`%${secret.slice(6)}%`}`,
    );
    expect(rows).toEqual([{ found: 0 }]);

    // The API shows it that once: reading the tab or the test event never answers it.
    const read = await callAs(app!, user, 'GET', '/api/profile/integrations');
    expect(read.body).not.toContain(secret);
    expect(read.body).not.toContain(stored);
    const test = await callAs(app!, user, 'POST', '/api/profile/integrations/test');
    expect(test.json()).toMatchObject({ status: 'delivered' });
    expect(test.body).not.toContain(secret);

    expect(await deliverOneEvent(user)).toMatchObject({ completed: 1 });
    expect(receiver!.requests).toHaveLength(2);
    for (const request of receiver!.requests) expect(verifySignature(request, secret)).toBe(true);
  });

  it('seals a legacy plain-text secret once, and deliveries sign with the same secret', async () => {
    const user = await sellerWithReceiver(key());
    const db = app!.database.db;
    await db
      .update(users)
      .set({
        offerWebhookUrl: `${receiver!.origin}/hook`,
        offerWebhookEnabled: true,
        offerWebhookSecret: 'whsec_legacy',
      })
      .where(eq(users.id, user.id));
    // Still readable before sealing (a row written by an older instance during a rolling deploy).
    expect(await deliverOneEvent(user)).toMatchObject({ completed: 1 });
    expect(verifySignature(receiver!.requests[0]!, 'whsec_legacy')).toBe(true);

    expect(await resealWebhookSecrets(db, app!.secrets)).toEqual({ resealed: 1, unreadable: 0 });
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^enc1:/);
    expect(stored).not.toContain('legacy');
    expect(openWebhookSecret(app!.secrets, user.id, stored)).toBe('whsec_legacy');
    // Idempotent: a second pass (another instance, the next hour) finds nothing to do.
    expect(await resealWebhookSecrets(db, app!.secrets)).toEqual({ resealed: 0, unreadable: 0 });
    expect(await storedSecret(user.id)).toBe(stored);

    expect(await deliverOneEvent(user)).toMatchObject({ completed: 1 });
    expect(verifySignature(receiver!.requests[1]!, 'whsec_legacy')).toBe(true);
  });

  it('rotates to SECRETS_KEY: the old key still opens meanwhile, then every secret is resealed with the new one', async () => {
    const oldKey = key();
    const newKey = key();
    const user = await sellerWithReceiver(oldKey);
    const secret = await setUpWebhook(user);
    const db = app!.database.db;
    const sealedWithOld = await storedSecret(user.id);

    // The new key current, the old one previous: deliveries go on before anything is resealed.
    const rotating = new SecretBox([newKey, oldKey]);
    expect(openWebhookSecret(rotating, user.id, sealedWithOld)).toBe(secret);
    const report = await rotateSecretsKey(db, {
      keys: [newKey, oldKey],
      keyFile: path.join(tmpdir(), 'dealclub-no-such-dir', 'secrets.key'),
    });
    expect(report).toMatchObject({
      source: 'env',
      keyId: secretKeyId(newKey),
      webhookSecrets: { resealed: 1, unreadable: 0 },
    });

    const resealed = await storedSecret(user.id);
    expect(resealed).toMatch(new RegExp(`^enc1:${secretKeyId(newKey)}:`));
    // The new key alone opens it: SECRETS_KEY_PREVIOUS can go.
    expect(openWebhookSecret(new SecretBox([newKey]), user.id, resealed)).toBe(secret);
    expect(() => openWebhookSecret(new SecretBox([oldKey]), user.id, resealed)).toThrow(/not configured/);
  });

  it('reports secrets no configured key opens and leaves them as they are', async () => {
    const lostKey = key();
    const user = await sellerWithReceiver(lostKey);
    await setUpWebhook(user);
    const before = await storedSecret(user.id);
    const other = new SecretBox([key()]);
    expect(await resealWebhookSecrets(app!.database.db, other)).toEqual({
      resealed: 0,
      unreadable: 1,
    });
    expect(await storedSecret(user.id)).toBe(before);
    // What stops the server's start, named (the user's row) with the key that sealed it.
    expect(await unopenableWebhookSecrets(app!.database.db, other)).toEqual([
      {
        name: `offer webhook secret of user ${user.id}`,
        problem: expect.stringContaining(`sealed with key ${secretKeyId(lostKey)}, which is not configured`),
      },
    ]);
    expect(await unopenableWebhookSecrets(app!.database.db, app!.secrets)).toEqual([]);
  });

  it('rotates the key file: a new key made, secrets resealed, the old key dropped from the file', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-rotate-'));
    const keyFile = path.join(dataDir, 'secrets.key');
    const settings = { keys: [], keyFile };
    // The server's first start made the file; the seller's secret is sealed with its key.
    const [firstKey] = readOrCreateKeyFile(keyFile);
    const user = await sellerWithReceiver(firstKey!);
    const secret = await setUpWebhook(user);

    const report = await rotateSecretsKey(app!.database.db, settings);
    expect(report).toMatchObject({ source: 'file', webhookSecrets: { resealed: 1, unreadable: 0 } });
    const keys = readKeyFile(keyFile);
    expect(keys).toHaveLength(1);
    expect(secretKeyId(keys[0]!)).toBe(report.keyId);
    expect(report.keyId).not.toBe(secretKeyId(firstKey!));
    expect(openWebhookSecret(new SecretBox(keys), user.id, await storedSecret(user.id))).toBe(secret);
  });
});

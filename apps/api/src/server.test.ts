/**
 * The real entry point in a child process: what an operator sees when the database is unreachable
 * or a stored secret does not open, and the graceful shutdown that lets a request in flight finish.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { newSecretKeyText, parseSecretKey, SecretBox } from './lib/secret-box';
import {
  createTestApp,
  createTestDatabase,
  isServerPass,
  migratedDataDir,
  migratedEmbeddedTemplate,
  TEST_SECRETS_KEY,
  type TestDatabase,
} from './test/app';
import { cognitoHeaders, createUser, passwordSignIn } from './test/auth';
import { DEMO_PASSWORD, rotateSigningKey } from './modules/identity';

const serverEntry = path.join(import.meta.dirname, 'server.ts');

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The URL the server prints once it listens. */
function listeningUrl(server: ReturnType<typeof runServer>) {
  return new Promise<string>((resolve, reject) => {
    const seen = server.output().stdout.length;
    const timer = setInterval(() => {
      const match = /is running at (http:\/\/\S+)/.exec(server.output().stdout.slice(seen));
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 100);
    void server.exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${server.output().stderr}`));
    });
  });
}

/** A demo account's ID token, through the identity protocol as the web app signs in. */
async function demoToken(url: string, email: string): Promise<string> {
  const config = (await (await fetch(`${url}/api/auth/public-config`)).json()) as { clientId: string };
  const res = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: cognitoHeaders('InitiateAuth'),
    body: JSON.stringify(passwordSignIn(config.clientId, email, DEMO_PASSWORD)),
  });
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/**
 * A migrated database (the test's server database, or an embedded one in a data directory) whose
 * one identity signing key is sealed with `box`: the server's settings to reach it, and the kid.
 */
async function databaseWithSigningKey(box: SecretBox): Promise<{ env: Record<string, string>; kid: string }> {
  if (isServerPass) {
    prepared = await createTestDatabase();
    return { env: { DATABASE_URL: prepared.url! }, kid: await rotateSigningKey(prepared.db, box) };
  }
  preparedDir = mkdtempSync(path.join(tmpdir(), 'dealclub-start-'));
  const embedded = await openDatabase({ dataDir: preparedDir, embedded: await migratedEmbeddedTemplate() });
  try {
    return { env: { DATA_DIR: preparedDir }, kid: await rotateSigningKey(embedded.db, box) };
  } finally {
    await embedded.close();
  }
}

let prepared: TestDatabase | undefined;
let preparedDir: string | undefined;
afterEach(async () => {
  await prepared?.close();
  if (preparedDir) rmSync(preparedDir, { recursive: true, force: true });
  prepared = preparedDir = undefined;
});

describe('server start-up', () => {
  it('exits non-zero with one readable line when the database is unreachable', async () => {
    const server = runServer({
      DATABASE_URL: 'postgres://dealclub@127.0.0.1:1/dealclub',
      SECRETS_KEY: TEST_SECRETS_KEY,
      LOG_LEVEL: 'silent',
    });
    const code = await server.exited;
    const { stderr } = server.output();
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^DealClub could not start: Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/dealclub/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('exits non-zero with a readable message for bad configuration', async () => {
    const server = runServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toMatch(/DealClub could not start: Invalid configuration:\n\s+- PORT/);
  });

  it('refuses SMS_PROVIDER=twilio without TWILIO_AUTH_TOKEN, naming it (decision 030)', async () => {
    const server = runServer({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_FROM: '+15125550100',
      TWILIO_API_BASE: 'http://127.0.0.1:9',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe(
      'DealClub could not start: Invalid configuration:\n  - TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio\n',
    );
  });

  it('refuses a server database without SECRETS_KEY, in every mode, saying how to make one', async () => {
    // What a restart with another DATA_DIR met before: a new key file, and no sign-in working.
    const server = runServer({
      DATABASE_URL: 'postgres://dealclub@127.0.0.1:1/dealclub',
      NODE_ENV: 'development',
    });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toMatch(
      /^DealClub could not start: Invalid configuration:\n\s+- SECRETS_KEY: required with DATABASE_URL, the same on every instance/,
    );
    expect(stderr).toContain('make one with: openssl rand -base64 32');
  });

  it(
    'refuses to start, naming the signing key, when a stored one was sealed under another SECRETS_KEY',
    { tags: ['server'], timeout: 60_000 },
    async () => {
      const elsewhere = new SecretBox([parseSecretKey(newSecretKeyText())!]);
      const { env, kid } = await databaseWithSigningKey(elsewhere);
      const server = runServer({ ...env, SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent' });
      expect(await server.exited).toBe(1);
      const { stdout, stderr } = server.output();
      expect(stdout).not.toContain('is running at');
      expect(stderr).toMatch(
        /^DealClub could not start: 1 stored secret\(s\) do not open with the configured secrets keys:\n/,
      );
      expect(stderr).toContain(
        `\n  - identity signing key ${kid}: the secret was sealed with key ${elsewhere.currentKeyId}, which is not configured`,
      );
      expect(stderr).toContain('\nSet SECRETS_KEY to the key that sealed them');
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('starts on the embedded database, prints its URL, loses no acknowledged closing step to a SIGKILL and stops cleanly on SIGTERM', async () => {
    // A data directory migrated but not yet seeded (the tests' template): what is under test is the
    // server on it, the demo it seeds and what a SIGKILL keeps. The first start on an empty
    // directory (initdb, the migrations, the demo: some 30 core-seconds) is the browser tests'
    // server (apps/web/playwright.config.ts); migrate.test.ts runs the migrations on an empty schema.
    const dataDir = (preparedDir = await migratedDataDir('dealclub-start-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: dataDir };
    let server = runServer(env);
    let url = await listeningUrl(server);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    // No SMS provider: the banner says where SMS goes (decision 030).
    expect(server.output().stdout).toContain(
      '  SMS: kept in the mailbox, not sent (SMS_PROVIDER is not set); admins read it in the Outbox',
    );

    // The demo's room in closing: the seller ticks a milestone and adds a document; each is
    // acknowledged, then the process is killed without a chance to flush anything.
    const headers = { authorization: `Bearer ${await demoToken(url, 'seller@demo.test')}` };
    const dashboard = (await (await fetch(`${url}/api/dashboard?mode=selling`, { headers })).json()) as {
      selling: { closings: { dealId: string }[] };
    };
    const dealId = dashboard.selling.closings[0]!.dealId;
    const tick = await fetch(`${url}/api/deals/${dealId}/closing/milestones/title-commitment`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ done: true, note: 'Commitment received' }),
    });
    expect(tick.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'commitment.pdf');
    const upload = await fetch(`${url}/api/deals/${dealId}/closing/milestones/title-commitment/documents`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(upload.status).toBe(201);
    const documentId = ((await upload.json()) as { document: { id: string } }).document.id;
    server.child.kill('SIGKILL');
    await server.exited;

    server = runServer(env);
    url = await listeningUrl(server);
    const again = { authorization: `Bearer ${await demoToken(url, 'seller@demo.test')}` };
    type Room = { milestones: { key: string; documents: { id: string }[] }[] };
    const room = (await (
      await fetch(`${url}/api/deals/${dealId}/closing`, { headers: again })
    ).json()) as Room;
    const milestone = room.milestones.find((m: { key: string }) => m.key === 'title-commitment');
    expect(milestone).toMatchObject({ done: true, note: 'Commitment received' });
    expect(milestone!.documents.map((d: { id: string }) => d.id)).toEqual([documentId]);
    const file = await fetch(`${url}/api/deals/${dealId}/closing/documents/${documentId}`, {
      headers: again,
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});

/** A GET on a connection of its own (no keep-alive pool), as a separate client would make. */
function get(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `GET /api/test/slow` on `app`: `started` when a request reaches it, answered once `release()` is called. */
function slowRoute(app: FastifyInstance) {
  let releaseSlow: (() => void) | undefined;
  let resolveStarted!: () => void;
  const started = new Promise<void>((r) => (resolveStarted = r));
  app.get('/api/test/slow', async () => {
    resolveStarted();
    await new Promise<void>((r) => (releaseSlow = r));
    return { done: true };
  });
  return { started, release: () => releaseSlow?.() };
}

describe('graceful shutdown', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close().catch(() => {});
  });

  it('finishes a request in flight and refuses new ones while closing', async () => {
    app = await createTestApp();
    const { started, release } = slowRoute(app);
    const user = await createUser(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };

    const inFlight = get(port, '/api/test/slow', user.headers);
    await started;
    const closed = app.close();
    // While closing, the listening socket is gone: a new connection is refused (or, when the
    // connect raced the socket's closing on a loaded machine, reset; either way not served).
    try {
      await expect(get(port, '/api/health')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    } finally {
      release();
    }
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ done: true });
    await closed;
    app = undefined;
  });

  it('refuses a request that arrives on a busy kept-alive connection while closing: 503 SHUTTING_DOWN', async () => {
    app = await createTestApp();
    const { started, release } = slowRoute(app);
    // Told when the second request has been answered (its answer waits behind the first one's).
    let answered!: () => void;
    const secondAnswered = new Promise<void>((r) => (answered = r));
    app.addHook('onSend', async (request) => {
      if (request.url === '/api/health') answered();
    });
    const user = await createUser(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((r) => socket.on('close', () => r()));
    socket.write(
      `GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${user.headers.authorization}\r\n\r\n`,
    );
    await started;
    const closed = app.close();
    try {
      // The listening socket is gone: closing is under way.
      await expect(get(port, '/api/health')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await secondAnswered;
    } finally {
      release();
    }
    await ended;
    await closed;
    app = undefined;

    // Two answers on the connection: the request in flight finished, the late one refused.
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toContain('{"done":true}');
    const [head, body] = answers[1]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({
      code: 'SHUTTING_DOWN',
      message: 'The server is restarting. Please try again in a few seconds.',
    });
  });
});

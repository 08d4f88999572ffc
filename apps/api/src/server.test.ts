/**
 * The real entry point in a child process: what an operator sees when the database is unreachable,
 * and the graceful shutdown that lets a request in flight finish.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';
import { createUser } from './test/auth';

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

describe('server start-up', () => {
  it('exits non-zero with one readable line when the database is unreachable', async () => {
    const server = runServer({
      DATABASE_URL: 'postgres://dealclub@127.0.0.1:1/dealclub',
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

  it('starts on the embedded database, prints its URL and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dealclub-start-'));
    const server = runServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: dataDir });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /is running at (http:\/\/\S+)/.exec(server.output().stdout);
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
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
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

/**
 * `GET /metrics`: what Prometheus reads over a real socket on loopback, and who may read it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../db/schema';
import { createTestApp } from '../test/app';
import { listen } from '../test/realtime';
import { isLoopbackAddress, metricsAccessAllowed, UNMATCHED_ROUTE } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text format (0.0.4): `# HELP` and `# TYPE` lines, then samples
 * `name{label="value",…} number`. Throws on any other line, so a malformed exposition fails.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* .*$/.test(line)) continue;
    // Values as Prometheus reads them (Go's ParseFloat: NaN in any case; prom-client writes `Nan`
    // for the event-loop lag before its first sample).
    const sample =
      /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn][Aa][Nn]|\+Inf|-Inf))$/.exec(
        line,
      );
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
}

async function scrape(port: number, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers });
  return { response, text: await response.text() };
}

describe('GET /metrics', () => {
  let app: FastifyInstance;
  // Behind a proxy it trusts, with a token: loopback must still be told from a forwarded request.
  beforeEach(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
  });
  afterEach(async () => {
    // Undefined when the app could not be built: that failure is the one to see.
    await (app as FastifyInstance | undefined)?.close();
  });

  it('answers loopback in the Prometheus text format, with each route under its pattern', async () => {
    const port = await listen(app);
    const dealId = '6f1c1a52-2f55-4d5a-9a51-0d8a4b1c2e3f';
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/deals/${dealId}`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/no-such-page/${dealId}`)).status).toBe(404);

    const { response, text } = await scrape(port);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples, types } = parseExposition(text);
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    const count = (route: string, status: string) =>
      find(samples, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status })
        ?.value;
    expect(count('/api/health', '200')).toBe(1);
    // The pattern, never the raw path: one series per route however many deals there are.
    expect(count('/api/deals/:id', '401')).toBe(1);
    expect(count(UNMATCHED_ROUTE, '404')).toBe(1);
    expect(text).not.toContain(dealId);
    // Every sample belongs to a declared family (histograms add _bucket, _sum, _count).
    for (const sample of samples) {
      const family = sample.name.replace(/_(bucket|sum|count)$/, '');
      expect(types.has(sample.name) || types.has(family), sample.name).toBe(true);
    }
    expect(find(samples, 'dealclub_database_up')?.value).toBe(1);
    expect(find(samples, 'dealclub_realtime_connections')?.value).toBe(0);
    expect(find(samples, 'dealclub_db_pool_connections', { state: 'total' })?.value).toBeGreaterThanOrEqual(
      1,
    );
    expect(find(samples, 'dealclub_db_pool_max')?.value).toBeGreaterThanOrEqual(1);
    // Node's process metrics come along.
    expect(find(samples, 'process_cpu_user_seconds_total')).toBeDefined();
    expect(find(samples, 'nodejs_heap_size_used_bytes')).toBeDefined();
  });

  it('shows the job queue and the outbox backlog as the tables hold them', async () => {
    const port = await listen(app);
    const { db } = app.database;
    const before = parseExposition((await scrape(port)).text).samples;
    expect(find(before, 'dealclub_job_queue_depth', { state: 'due' })?.value).toBe(0);
    expect(find(before, 'dealclub_outbox_backlog', { status: 'pending' })?.value).toBe(0);
    expect(find(before, 'dealclub_outbox_oldest_unsent_age_seconds')?.value).toBe(0);

    await db.insert(jobs).values([
      { type: 'test.due', runAt: sql`now() - interval '120 seconds'` },
      { type: 'test.due', runAt: sql`now() - interval '5 seconds'` },
      { type: 'test.later', runAt: sql`now() + interval '1 hour'` },
      { type: 'test.running', lockedUntil: sql`now() + interval '1 minute'` },
      { type: 'test.done', completedAt: sql`now()` },
    ]);
    const message = { channel: 'email', recipient: 'a@example.test', subject: 's', body: 'b', template: 't' };
    await db
      .insert(outbox)
      .values([
        { ...message, createdAt: sql`now() - interval '300 seconds'` },
        { ...message },
        { ...message, status: 'sending' },
        { ...message, status: 'sent', createdAt: sql`now() - interval '1 day'` },
        { ...message, status: 'kept', createdAt: sql`now() - interval '1 day'` },
      ]);

    const after = parseExposition((await scrape(port)).text).samples;
    expect(find(after, 'dealclub_job_queue_depth', { state: 'due' })?.value).toBe(2);
    expect(find(after, 'dealclub_job_queue_depth', { state: 'scheduled' })?.value).toBe(1);
    expect(find(after, 'dealclub_job_queue_depth', { state: 'running' })?.value).toBe(1);
    const jobAge = find(after, 'dealclub_job_queue_oldest_due_age_seconds')!.value;
    expect(jobAge).toBeGreaterThanOrEqual(120);
    expect(jobAge).toBeLessThan(3600);
    expect(find(after, 'dealclub_outbox_backlog', { status: 'pending' })?.value).toBe(2);
    expect(find(after, 'dealclub_outbox_backlog', { status: 'sending' })?.value).toBe(1);
    const mailAge = find(after, 'dealclub_outbox_oldest_unsent_age_seconds')!.value;
    expect(mailAge).toBeGreaterThanOrEqual(300);
    expect(mailAge).toBeLessThan(3600);
  });

  it('answers anyone else only with METRICS_TOKEN, and a 404 without it', async () => {
    const outside = '203.0.113.7';
    const refused = await app.inject({ url: '/metrics', remoteAddress: outside });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    const wrong = await app.inject({
      url: '/metrics',
      remoteAddress: outside,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(404);
    const allowed = await app.inject({
      url: '/metrics',
      remoteAddress: outside,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds');
    // The proxy trusted for the client's address does not make an outside client loopback.
    const spoofed = await app.inject({
      url: '/metrics',
      remoteAddress: outside,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // A proxy on this machine relaying someone: loopback peer, but forwarded.
    const relayed = await app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(relayed.statusCode).toBe(404);

    // Over a real socket the token works too.
    const port = await listen(app);
    expect((await scrape(port, { authorization: `Bearer ${TOKEN}` })).response.status).toBe(200);
    expect((await scrape(port, { 'x-forwarded-for': '127.0.0.1' })).response.status).toBe(404);
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('metricsAccessAllowed', () => {
  const allowed = (remoteAddress: string | undefined, headers: Record<string, string> = {}, token?: string) =>
    metricsAccessAllowed({ remoteAddress, headers, token });

  it('takes the socket’s loopback peer, unless a proxy forwarded the request', () => {
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('127.8.9.10')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('10.0.0.5')).toBe(false);
    expect(allowed('::ffff:10.0.0.5')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(allowed('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
    expect(allowed('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(false);
    expect(allowed('127.0.0.1', { forwarded: 'for=203.0.113.7' })).toBe(false);
    expect(allowed('127.0.0.1', { 'x-real-ip': '203.0.113.7' })).toBe(false);
  });

  it('takes the bearer token from anywhere, and nothing like it', () => {
    expect(allowed('10.0.0.5', { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(
      allowed('10.0.0.5', { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' }, TOKEN),
    ).toBe(true);
    expect(allowed('10.0.0.5', { authorization: `Bearer ${TOKEN.slice(1)}` }, TOKEN)).toBe(false);
    expect(allowed('10.0.0.5', { authorization: TOKEN }, TOKEN)).toBe(false);
    expect(allowed('10.0.0.5', { authorization: 'Bearer ' }, TOKEN)).toBe(false);
    // No token configured: nothing sent opens it.
    expect(allowed('10.0.0.5', { authorization: 'Bearer undefined' })).toBe(false);
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress('127.0.0.1.example.test')).toBe(false);
  });
});

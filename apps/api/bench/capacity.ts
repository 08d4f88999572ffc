/**
 * The capacity model (issue 32, docs/capacity.md), run by `npm run bench:capacity`: what one
 * instance serves, where the first bottleneck is, and what a club of 100,000 buyers, 10,000 new
 * deals a month and 1,000,000 page views a day needs — from measured per-request CPU and statements,
 * then checked by running the page-view mix at 1/50 of that club on this machine.
 *
 * 1. The club at 1/50 on the PostgreSQL server of this machine: 2,000 buyers with preferences and
 *    buy boxes (bench/seed-buyers.ts), a seller with a year of listings (2,400 deals), 100 writers
 *    who have each made offers on 10 of them and sent two messages in each thread those opened. The
 *    bench server runs on it with Redis (the rate limits counted there, as with more than one
 *    instance), in its own process. Without a Redis on 127.0.0.1:6379 the bench is skipped.
 * 2. What a page view asks: each screen's API calls as `npm run bench:page-requests` recorded them
 *    in Chromium (bench/results/page-requests.json; a returning user's full load plus, on a first
 *    visit, the calls only a first visit makes, and the screen's own calls for a move inside the
 *    app). The mix of screens and the visits are the model's assumptions, written in MIX and SESSION
 *    below and in docs/capacity.md.
 * 3. Calibration: each call the mix makes (and the documents), alone, by the role that makes it in
 *    the mix: saturated at 10 connections for 3 s after 1 s of warm-up (answers per second, bytes),
 *    then paced open loop (at most 100 a second, at most a quarter of the saturated rate) for 6 s,
 *    for the CPU one answer costs in the API's process, in PostgreSQL's processes and in Redis, the
 *    idle CPU (60 s measured first) taken off. Statements per call are recorded from one request to
 *    an in-process app on the same database. Writes (deal, offer, message) come from the writes
 *    bench's last run (bench/results/writes.json, `npm run bench:writes`), when there is one.
 * 4. The model: CPU, statements, Redis calls and bytes per page view; what one 2-core instance
 *    serves (its one event loop at 70 % of a core); the club's peak and what it needs, sized on the
 *    higher of the model's and the heavier check's per-view cost; the database after a year.
 * 5. The check: the mix played open loop (page views on a Poisson schedule, each view's calls at
 *    once as the browser sends them, a random writer or the seller; latency from when a view was
 *    due) at the club's peak / 50 for BENCH_CAPACITY_CHECK_S (120) s, and at the rate the model says
 *    keeps the API's process at a quarter of a core for half as long (the bench's own client and
 *    PostgreSQL share this machine's two cores with it). The CPU each process used is set against
 *    the model's cost of the views actually drawn, the idle CPU added, and per view with the idle
 *    CPU taken off; the idle CPU is measured again after the checks, and the server's memory.
 *
 * Results go to bench/results/capacity.json. Only 127.0.0.1 is contacted.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { userChannel } from '@dealclub/shared/chat-rules';
import { isoDay } from '@dealclub/shared/offers';
import {
  cpuMsOfProcesses,
  loadResults,
  machineLine,
  postgresCpuMs,
  processCpuMs,
  redisAnswers,
  saveResults,
} from './measure';
import { createBenchDatabase, inProcessApp, log, openRecordingDatabase, percentiles } from './postgres-bench';
import { loopbackUrl, startServer, stopServer } from './run';
import { seedDeals } from './seed-deals';

const SCALE = 50;
/** The club issue 32 sizes for. */
const CLUB = { buyers: 100_000, dealsPerMonth: 10_000, pageViewsPerDay: 1_000_000 };
/**
 * The model's assumptions about use, each stated in docs/capacity.md:
 * - the busiest hour carries three times the day's mean rate;
 * - a visit (session) is 5 page views: the first loads the app (the document and the calls every
 *   screen makes on a load), the next four move inside it (the screen's own calls);
 * - one load in five is a first visit, with an empty cache (the app's script and style sheets);
 * - a listing draws 3 offers and 20 chat messages over its life.
 */
const SESSION = { peakFactor: 3, pageViewsPerVisit: 5, firstVisitShare: 0.2 };
const WRITES_PER_DEAL = { deal: 1, offer: 3, message: 20 };
/** Share of page views per screen (SCREENS of apps/web/bench/screens.ts), in %. */
const MIX: Record<string, number> = {
  deals: 28,
  deal: 32,
  home: 6,
  chat: 8,
  profile: 3,
  training: 3,
  help: 2,
  features: 1,
  zip: 3,
  dashboard: 5,
  'deal-offers': 4,
  'deal-analytics': 2,
  buyers: 2,
  'deal-new': 1,
};
/** Calls a load makes on every screen, which a move inside the app does not repeat. */
const SESSION_CALLS = new Set([
  'GET /api/auth/me',
  'GET /api/chat/notifications',
  'GET /api/config/feature-flags',
  'GET /api/auth/public-config',
  'POST /api/pusher/auth',
]);
/** One event loop per instance, kept at 70 % of its core at the peak. */
const LOOP_BUDGET_MS_PER_S = 700;
/** PostgreSQL's cores kept at half their time at the peak. */
const POSTGRES_UTILISATION = 0.5;
const CALIBRATE = { connections: 10, durationS: 3, warmupS: 1, rate: 100, pacedS: 6 };
const CHECK_S = Number(process.env.BENCH_CAPACITY_CHECK_S ?? 120);
/** Long enough to hold the periodic jobs that run once a minute. */
const IDLE_S = 60;
const REQUEST_TIMEOUT_MS = 30_000;
/** Deals each writer offers on (and so threads each writer has). */
const OFFERS_PER_WRITER = 10;
type Role = 'buyer' | 'seller';
/** The screens of the mix that a seller opens; the others, a buyer (or a visitor). */
const SELLER_SCREENS = new Set(['dashboard', 'deal-offers', 'deal-analytics', 'buyers', 'deal-new']);

const roleOf = (screen: string): Role => (SELLER_SCREENS.has(screen) ? 'seller' : 'buyer');

interface Visit {
  api: string[];
  bytes: Record<string, number>;
}
interface RecordedScreen {
  name: string;
  role: string;
  path?: string;
  first: Visit;
  repeat: Visit;
}

/** How one call is made: method, path, who, and its body. */
interface CallShape {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  form?: string;
}

interface Calibrated {
  call: string;
  perSecond: number;
  p99: number;
  bytes: number;
  apiCpuMs: number;
  postgresCpuMs: number;
  redisCpuMs: number;
  statements: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The CPU, in ms, of the API's process, PostgreSQL's and Redis's, so far. */
function cpuNow(apiPid: number) {
  return {
    api: processCpuMs(apiPid),
    postgres: postgresCpuMs(),
    redis: cpuMsOfProcesses('redis-server'),
  };
}

function headersOf(shape: CallShape): Record<string, string> {
  return {
    'accept-encoding': 'br, gzip',
    ...(shape.token && { authorization: `Bearer ${shape.token}` }),
    ...(shape.form && { 'content-type': 'application/x-www-form-urlencoded' }),
  };
}

/** CPU per second of each process, with no request coming (their own timers and periodic jobs). */
type CpuRates = { api: number; postgres: number; redis: number };

/**
 * One call alone: at saturation (autocannon, CALIBRATE.connections, for what one route can answer),
 * then open loop at CALIBRATE.rate a second — the load an instance runs at, not its limit, where a
 * request's share of the event loop's wake-ups and the system calls is larger — for its CPU per
 * answer (the idle rates taken off) and its latency.
 */
async function calibrate(port: number, apiPid: number, call: string, shape: () => CallShape, idle: CpuRates) {
  const first = shape();
  const run = (duration: number) =>
    autocannon({
      url: loopbackUrl(port, first.path).toString(),
      method: first.method,
      headers: headersOf(first),
      ...(first.form && { body: first.form }),
      connections: CALIBRATE.connections,
      duration,
    });
  await run(CALIBRATE.warmupS);
  const result = await run(CALIBRATE.durationS);
  const bad = result.errors + result.timeouts + result['4xx'] + result['5xx'];
  if (bad > 0 || !result.requests.total)
    throw new Error(`${call} (${first.path}): ${bad} of ${result.requests.total} failed`);
  // At most a quarter of what the route answers saturated: a heavy call (the dashboard) paced at
  // 100 a second would be near this machine's limit again.
  const rate = Math.min(CALIBRATE.rate, result.requests.average / 4);
  const paced = await pace(port, apiPid, rate, CALIBRATE.pacedS, () => [shape()]);
  const answers = paced.views;
  if (paced.failed) throw new Error(`${call} (${first.path}): ${paced.failed} of ${answers} failed paced`);
  const per = (used: number, idleRate: number) =>
    round(Math.max(0, used - idleRate * paced.seconds) / answers, 3);
  return {
    call,
    perSecond: round(result.requests.average, 0),
    pacedPerSecond: round(rate, 0),
    p99: paced.latencyMs.p99,
    bytes: Math.round(result.throughput.total / result.requests.total),
    apiCpuMs: per(paced.cpuMs.api, idle.api),
    postgresCpuMs: per(paced.cpuMs.postgres, idle.postgres),
    redisCpuMs: per(paced.cpuMs.redis, idle.redis),
  };
}

/** One request over keep-alive; resolves when its answer has been read. */
function send(agent: http.Agent, port: number, shape: CallShape): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      loopbackUrl(port, shape.path),
      { method: shape.method, agent, headers: headersOf(shape) },
      (res) => {
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer aborted')));
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(shape.form);
  });
}

/** What a page view of a screen sends: a load or a move inside the app. */
interface ViewPlan {
  screen: string;
  load: boolean;
  calls: string[];
}

/** A random page view of the mix, as the model counts them. */
function drawView(screens: Map<string, RecordedScreen>): ViewPlan {
  let pick = Math.random() * 100;
  let screen = '';
  for (const [name, share] of Object.entries(MIX)) {
    screen = name;
    if ((pick -= share) < 0) break;
  }
  const recorded = screens.get(screen)!;
  const load = Math.random() < 1 / SESSION.pageViewsPerVisit;
  const firstVisit = load && Math.random() < SESSION.firstVisitShare;
  return load
    ? {
        screen,
        load,
        calls: [
          `DOCUMENT ${screen}`,
          ...recorded.repeat.api,
          ...(firstVisit ? firstVisitOnly(recorded) : []),
        ],
      }
    : { screen, load, calls: recorded.repeat.api.filter((call) => !SESSION_CALLS.has(call)) };
}

/** The calls a first visit makes that a returning user's load does not (the feature flags). */
function firstVisitOnly(screen: RecordedScreen): string[] {
  return screen.first.api.filter((call) => !screen.repeat.api.includes(call));
}

/**
 * Units of work at `rate` a second on a Poisson schedule for `seconds`, each unit's requests (from
 * `next`) sent at once, as a browser sends a screen's calls: how long each unit took, how many
 * failed, and the CPU each process used meanwhile.
 */
async function pace(port: number, apiPid: number, rate: number, seconds: number, next: () => CallShape[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let failed = 0;
  let calls = 0;
  const units: Promise<void>[] = [];
  const before = cpuNow(apiPid);
  const started = performance.now();
  let due = started;
  while (due - started < seconds * 1000) {
    due += (-Math.log(1 - Math.random()) / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const shapes = next();
    calls += shapes.length;
    // From when the unit was due, so that the driver's own lateness counts too.
    const t0 = due;
    units.push(
      Promise.all(shapes.map((shape) => send(agent, port, shape))).then(
        (statuses) => {
          if (statuses.some((status) => status >= 400)) failed += 1;
          latencies.push(performance.now() - t0);
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(units);
  const elapsed = (performance.now() - started) / 1000;
  const after = cpuNow(apiPid);
  agent.destroy();
  return {
    seconds: elapsed,
    views: units.length,
    calls,
    failed,
    latencyMs: percentiles(latencies),
    cpuMs: {
      api: after.api - before.api,
      postgres: after.postgres - before.postgres,
      redis: after.redis - before.redis,
    },
  };
}

/** The CPU each process uses a second while nothing is asked of it, over `seconds`. */
async function idleRates(apiPid: number, seconds: number): Promise<CpuRates> {
  const before = cpuNow(apiPid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = cpuNow(apiPid);
  return {
    api: (after.api - before.api) / seconds,
    postgres: (after.postgres - before.postgres) / seconds,
    redis: (after.redis - before.redis) / seconds,
  };
}

/** Tables whose rows grow with the buyers, and with the deals listed (a year of them). */
const GROWS_WITH_BUYERS = [
  'users',
  'identity_users',
  'identity_refresh_tokens',
  'buyer_preferences',
  'buy_boxes',
];
const GROWS_WITH_DEALS = ['deals', 'deal_status_history', 'deal_photos', 'favorites', 'interests'];
/** Tables whose rows grow with the offers, and with the chat messages, and what rules their count. */
const GROWS_WITH_OFFERS = ['offers', 'offer_events', 'offer_counters', 'chat_threads', 'chat_notifications'];
const GROWS_WITH_MESSAGES = ['chat_messages'];
/** Fewer rows than this and a table's bytes per row are mostly empty pages: it is counted as it is. */
const ROWS_TO_PROJECT = 500;

/**
 * The database's size at 1/SCALE and for the whole club after a year: each table's bytes per row
 * (heap, indexes and TOAST) times the rows the club would hold — ×SCALE for the buyers' and the
 * deals' tables, a year of offers (with their threads) and of messages (WRITES_PER_DEAL) for theirs, the rest (ZIP codes,
 * training, help, jobs) as they are; the deal page's views (`deal_views`) from a sample of 20,000, one
 * row per deal page view of the club's year (an upper bound: a viewer's second view of a deal the same
 * day adds none). A table of fewer than ROWS_TO_PROJECT rows is mostly empty pages: counted as it is,
 * and named in `notProjected` when it grows with use.
 */
async function storageAtScale(client: pg.Client, dealsAtScale: number) {
  // A deal page view is kept as one row per viewer, deal and day (the view buffer's rows), and none
  // is ever removed: a sample of 20,000 for its bytes per row, projected from the deal page views.
  await client.query(
    `insert into deal_views (deal_id, viewer_id, day)
     select d.id, u.id, current_date from (select id from deals limit 100) d, (select id from users limit 200) u
     on conflict do nothing`,
  );
  await client.query('analyze');
  const { rows } = await client.query<{ name: string; rows: string; bytes: string }>(
    `select c.relname as name, greatest(c.reltuples, 0)::bigint::text as rows, pg_total_relation_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public'`,
  );
  const year = {
    offers: CLUB.dealsPerMonth * 12 * WRITES_PER_DEAL.offer,
    messages: CLUB.dealsPerMonth * 12 * WRITES_PER_DEAL.message,
  };
  const count = (name: string) => Number(rows.find((row) => row.name === name)?.rows ?? 0);
  // At most one row per deal page view: every view by another viewer, deal or day (the upper bound).
  const dealViewsYear = CLUB.pageViewsPerDay * (MIX.deal! / 100) * 365;
  const factorOf = (name: string) => {
    if (name === 'deal_views') return dealViewsYear / Math.max(1, count(name));
    if (count(name) < ROWS_TO_PROJECT) return 1;
    if (GROWS_WITH_BUYERS.includes(name) || GROWS_WITH_DEALS.includes(name)) return SCALE;
    if (GROWS_WITH_OFFERS.includes(name)) return year.offers / Math.max(1, count('offers'));
    if (GROWS_WITH_MESSAGES.includes(name)) return year.messages / Math.max(1, count('chat_messages'));
    return 1;
  };
  const tables = rows
    .map((row) => ({
      name: row.name,
      rows: Number(row.rows),
      bytes: Number(row.bytes),
      factor: factorOf(row.name),
    }))
    .filter((table) => table.bytes > 0)
    .sort((a, b) => b.bytes * b.factor - a.bytes * a.factor);
  // Tables that grow with use but that the bench leaves (nearly) empty: counted as they are.
  const growing = [...GROWS_WITH_BUYERS, ...GROWS_WITH_DEALS, ...GROWS_WITH_OFFERS, ...GROWS_WITH_MESSAGES];
  const notProjected = tables.filter((t) => growing.includes(t.name) && t.factor === 1).map((t) => t.name);
  return {
    dealsAtScale,
    bytesAtScale: sum(tables.map((t) => t.bytes)),
    bytesFull: Math.round(sum(tables.map((t) => t.bytes * t.factor))),
    notProjected,
    largest: tables
      .slice(0, 10)
      .map((t) => ({ ...t, factor: round(t.factor, 1), bytesFull: Math.round(t.bytes * t.factor) })),
  };
}

async function main(): Promise<number> {
  const recorded = loadResults<{ screens: RecordedScreen[] }>('page-requests');
  if (!recorded) {
    log('no bench/results/page-requests.json: run `npm run bench:page-requests` first');
    return 1;
  }
  const screens = new Map(recorded.screens.map((screen) => [screen.name, screen]));
  for (const name of Object.keys(MIX))
    if (!screens.has(name)) throw new Error(`page-requests.json has no screen "${name}"`);
  if (!(await redisAnswers())) {
    log(
      'capacity bench skipped: no Redis answers on 127.0.0.1:6379 (the model counts its rate limits there)',
    );
    return 0;
  }
  const benchDb = await createBenchDatabase('dealclub_capacity', 'capacity bench');
  if (!benchDb) return 0;
  const buyers = CLUB.buyers / SCALE;
  const deals = (CLUB.dealsPerMonth * 12) / SCALE;
  const writers = 100;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let seed: pg.Client | undefined;
  try {
    const secretsKey = randomBytes(32).toString('base64');
    log(`the club at 1/${SCALE}: ${buyers} buyers, ${deals} deals, ${writers} signed-in writers…`);
    server = await startServer({
      BENCH_DATABASE_URL: benchDb.url,
      BENCH_DATABASE_POOL_MAX: '10',
      BENCH_BUYERS: String(buyers),
      BENCH_WRITERS: String(writers),
      SECRETS_KEY: secretsKey,
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUSHER_SECRET: randomBytes(16).toString('hex'),
    });
    const { port } = server;
    const apiPid = server.child.pid!;
    const { tokens } = server.info as { tokens: { seller: string; buyers: string[] } };
    seed = new pg.Client({ connectionString: benchDb.url });
    seed.on('error', () => {});
    await seed.connect();
    const sellerId = (
      await seed.query<{ id: string }>(`select id from users where email = 'bench-seller@bench.test'`)
    ).rows[0]!.id;
    await seedDeals(seed, sellerId, deals);
    // The seller's newest deals: the first is the one the seller's screens open.
    const offeredDeals = (
      await seed.query<{ id: string }>(
        `select id from deals where status = 'active' and not hide_address order by created_at desc limit $1`,
        [OFFERS_PER_WRITER],
      )
    ).rows.map((row) => row.id);
    const sellerDeal = offeredDeals[0]!;
    // Each writer offers on each of those deals (the offer opens their thread) and sends two
    // messages in each thread: rows enough for the chat and offers screens and for each table's
    // bytes per row. Within the per-buyer limits (20 offers and 30 messages a minute).
    log(
      `${writers * OFFERS_PER_WRITER} offers and ${writers * OFFERS_PER_WRITER * 2} messages through the API…`,
    );
    const closeDate = isoDay(new Date(Date.now() + 30 * 86_400_000));
    const post = async (token: string, route: string, body: object) => {
      const res = await fetch(loopbackUrl(port, route), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
    };
    await Promise.all(
      tokens.buyers.map(async (token, i) => {
        for (const dealId of offeredDeals)
          await post(token, `/api/deals/${dealId}/offers`, {
            type: 'cash',
            purchasePrice: 400000 + i * 1000,
            estimatedCloseDate: closeDate,
            message: 'Cash, no contingencies.',
          });
        const threads = (await (
          await fetch(loopbackUrl(port, `/api/chat/threads?limit=${OFFERS_PER_WRITER}`), {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { items: { threadId: string }[] };
        for (const thread of threads.items)
          for (const n of [1, 2])
            await post(token, `/api/chat/threads/${thread.threadId}/messages`, {
              body: `Could we see it on Thursday? (${n})`,
            });
      }),
    );

    /** A concrete request for each call of the recorded screens. */
    const shapeFor = (call: string, seller: boolean): CallShape => {
      const token = seller ? tokens.seller : tokens.buyers[Math.floor(Math.random() * writers)]!;
      const [method, route] = call.split(' ') as ['GET' | 'POST' | 'DOCUMENT', string];
      if (method === 'DOCUMENT') return { method: 'GET', path: screenPath(route) };
      if (route === '/api/pusher/auth')
        return {
          method: 'POST',
          path: route,
          token: tokens.seller,
          form: `socket_id=123.456&channel_name=${encodeURIComponent(userChannel(sellerId))}`,
        };
      const paths: Record<string, string> = {
        '/api/deals': '/api/deals?limit=24',
        '/api/geo/zip-codes': '/api/geo/zip-codes?codes=78701,78702',
      };
      return {
        method,
        path: paths[route] ?? route.replace('{id}', sellerDeal),
        ...(!['/api/features', '/api/auth/public-config'].includes(route) && { token }),
      };
    };
    const screenPath = (screen: string) =>
      ({ zip: '/zip/78701/analytics', deal: `/deals/${sellerDeal}`, deals: '/deals' })[screen] ?? '/';

    /** A seller's call where only a deal's seller may make it; a buyer's otherwise. */
    const sellersCall = (call: string) =>
      /\/api\/(dashboard|analytics\/buyers|deals\/\{id\}\/(?!disclosures))/.test(call);
    /**
     * A call as measured: by whom (a call on a seller's screen is the seller's, whose notifications
     * and threads are many more than a buyer's) and, for the app's document, the one document.
     */
    const keyOf = (call: string, role: Role) => {
      if (call.startsWith('DOCUMENT '))
        return call === 'DOCUMENT zip' ? 'buyer DOCUMENT zip' : 'buyer DOCUMENT home';
      return `${sellersCall(call) ? 'seller' : role} ${call}`;
    };
    const shapeOfKey = (key: string) => {
      const [role, ...rest] = key.split(' ');
      return shapeFor(rest.join(' '), role === 'seller');
    };
    const keys = [
      ...new Set(
        Object.keys(MIX).flatMap((name) => {
          const screen = screens.get(name)!;
          return [`DOCUMENT ${name}`, ...screen.repeat.api, ...firstVisitOnly(screen)].map((call) =>
            keyOf(call, roleOf(name)),
          );
        }),
      ),
    ];

    // Statements per call, from one warm request to an in-process app on the same database.
    const recording = await openRecordingDatabase(benchDb.url);
    const app = await inProcessApp(benchDb.url, secretsKey, recording.database);
    const statements: Record<string, number> = {};
    try {
      for (const key of keys) {
        const shape = shapeOfKey(key);
        const inject = () =>
          app.inject({
            method: shape.method,
            url: shape.path,
            headers: headersOf(shape),
            payload: shape.form,
          });
        await inject();
        const { result, statements: sent } = await recording.recordDuring(inject);
        if (result.statusCode >= 400) throw new Error(`${key} answered ${result.statusCode}: ${result.body}`);
        statements[key] = sent.length;
      }
    } finally {
      await app.close();
    }

    log(`idle for ${IDLE_S} s (the processes' own timers and periodic jobs)…`);
    const idle = await idleRates(apiPid, IDLE_S);
    log(`measuring what each of ${keys.length} calls costs, alone…`);
    const calibrated = new Map<string, Calibrated>();
    for (const key of keys) {
      const measured = await calibrate(port, apiPid, key, () => shapeOfKey(key), idle);
      calibrated.set(key, { ...measured, statements: statements[key]! });
      log(`  ${key}: ${measured.perSecond}/s, ${measured.apiCpuMs} ms API, ${measured.postgresCpuMs} ms PG`);
    }
    const costOf = (call: string, role: Role) => calibrated.get(keyOf(call, role))!;

    // The model, per page view.
    const perView = { apiCpuMs: 0, postgresCpuMs: 0, redisCpuMs: 0, statements: 0, calls: 0, bytes: 0 };
    const screenRows: { screen: string; share: number; loadCalls: number; moveCalls: number }[] = [];
    for (const [name, share] of Object.entries(MIX)) {
      const screen = screens.get(name)!;
      const role = roleOf(name);
      const load = [`DOCUMENT ${name}`, ...screen.repeat.api];
      const firstOnly = firstVisitOnly(screen);
      const move = screen.repeat.api.filter((call) => !SESSION_CALLS.has(call));
      const loadShare = 1 / SESSION.pageViewsPerVisit;
      const weight = (list: string[], pick: (c: Calibrated) => number) =>
        sum(list.map((c) => pick(costOf(c, role))));
      for (const [key, pick] of [
        ['apiCpuMs', (c: Calibrated) => c.apiCpuMs],
        ['postgresCpuMs', (c: Calibrated) => c.postgresCpuMs],
        ['redisCpuMs', (c: Calibrated) => c.redisCpuMs],
        ['statements', (c: Calibrated) => c.statements || 0],
        ['calls', () => 1],
      ] as const) {
        perView[key] +=
          (share / 100) *
          (loadShare * (weight(load, pick) + SESSION.firstVisitShare * weight(firstOnly, pick)) +
            (1 - loadShare) * weight(move, pick));
      }
      // Bytes: a load as Chromium counted it (a first visit's with the app's files), a move its calls.
      const loadBytes =
        SESSION.firstVisitShare * sum(Object.values(screen.first.bytes)) +
        (1 - SESSION.firstVisitShare) * sum(Object.values(screen.repeat.bytes));
      perView.bytes +=
        (share / 100) *
        (loadShare * loadBytes + (1 - loadShare) * sum(move.map((c) => costOf(c, role).bytes)));
      screenRows.push({ screen: name, share, loadCalls: load.length, moveCalls: move.length });
    }

    // Writes, from the writes bench's last run on the server (its fan-out to 1,000 buyers included).
    const writesRun = loadResults<{
      results: Record<string, Record<string, { apiCpuMs: number; postgresCpuMs: number | null }> | null>;
      statements: Record<string, string[]>;
    }>('writes');
    const serverWrites = writesRun?.results.server ?? undefined;
    const writesPerDay = Object.fromEntries(
      Object.entries(WRITES_PER_DEAL).map(([name, n]) => [name, (CLUB.dealsPerMonth / 30) * n]),
    );
    const writeCost = serverWrites
      ? Object.entries(writesPerDay).reduce(
          (total, [name, perDay]) => ({
            apiCpuMs: total.apiCpuMs + perDay * serverWrites[name]!.apiCpuMs,
            postgresCpuMs: total.postgresCpuMs + perDay * (serverWrites[name]!.postgresCpuMs ?? 0),
            statements: total.statements + perDay * (writesRun!.statements[name]?.length ?? 0),
          }),
          { apiCpuMs: 0, postgresCpuMs: 0, statements: 0 },
        )
      : undefined;

    const meanViewsPerS = CLUB.pageViewsPerDay / 86_400;
    const peakViewsPerS = meanViewsPerS * SESSION.peakFactor;
    const peakWritesPerS = writeCost
      ? {
          apiCpuMs: (writeCost.apiCpuMs / 86_400) * SESSION.peakFactor,
          postgresCpuMs: (writeCost.postgresCpuMs / 86_400) * SESSION.peakFactor,
          statements: (writeCost.statements / 86_400) * SESSION.peakFactor,
        }
      : { apiCpuMs: 0, postgresCpuMs: 0, statements: 0 };
    // The check: the mix at the club's peak / 50 and at a quarter core's worth.
    const checks = [];
    for (const [label, rate, seconds] of [
      [`the club's peak / ${SCALE}`, peakViewsPerS / SCALE, CHECK_S],
      ["a quarter of a core of the API's", 250 / perView.apiCpuMs, Math.max(10, CHECK_S / 2)],
    ] as const) {
      log(`the mix at ${rate.toFixed(2)} page views/s for ${seconds} s (${label})…`);
      // What the model says the views actually drawn cost, call by call.
      const drawn = { api: 0, postgres: 0, redis: 0 };
      const paced = await pace(port, apiPid, rate, seconds, () => {
        const view = drawView(screens);
        const role = roleOf(view.screen);
        for (const call of view.calls) {
          const cost = costOf(call, role);
          drawn.api += cost.apiCpuMs;
          drawn.postgres += cost.postgresCpuMs;
          drawn.redis += cost.redisCpuMs;
        }
        return view.calls.map((call) => shapeFor(call, role === 'seller'));
      });
      const actualRate = paced.views / paced.seconds;
      const predicted = {
        api: round(idle.api + drawn.api / paced.seconds, 1),
        postgres: round(idle.postgres + drawn.postgres / paced.seconds, 1),
        redis: round(idle.redis + drawn.redis / paced.seconds, 1),
      };
      // Per page view, the idle CPU taken off: measured, and the model's for the views drawn.
      const perViewOf = (used: number, idleRate: number) =>
        round(Math.max(0, used - idleRate * paced.seconds) / paced.views, 2);
      const perViewCheck = {
        measured: {
          api: perViewOf(paced.cpuMs.api, idle.api),
          postgres: perViewOf(paced.cpuMs.postgres, idle.postgres),
          redis: perViewOf(paced.cpuMs.redis, idle.redis),
        },
        model: {
          api: round(drawn.api / paced.views, 2),
          postgres: round(drawn.postgres / paced.views, 2),
          redis: round(drawn.redis / paced.views, 2),
        },
      };
      const played = {
        seconds: round(paced.seconds, 1),
        pageViews: paced.views,
        calls: paced.calls,
        failed: paced.failed,
        latencyMs: paced.latencyMs,
        cpuMsPerS: {
          api: round(paced.cpuMs.api / paced.seconds, 1),
          postgres: round(paced.cpuMs.postgres / paced.seconds, 1),
          redis: round(paced.cpuMs.redis / paced.seconds, 1),
        },
      };
      checks.push({ label, rate: round(actualRate), ...played, predicted, perView: perViewCheck });
      log(
        `  ${played.pageViews} views, ${played.failed} failed, p99 ${played.latencyMs.p99} ms; API ${played.cpuMsPerS.api} ms/s (model ${predicted.api}), PG ${played.cpuMsPerS.postgres} (model ${predicted.postgres})`,
      );
    }

    log(`idle again for ${IDLE_S} s…`);
    const idleAfter = await idleRates(apiPid, IDLE_S);
    const memoryRes = await fetch(loopbackUrl(port, '/__bench/memory'));
    const serverMemory = (await memoryRes.json()) as { rss: number; heapUsed: number };
    // Last: its sample of deal views and its ANALYZE would otherwise be PostgreSQL's work in the checks.
    const storage = await storageAtScale(seed, deals);

    // Sizing: per page view, the model's figure or what the mix cost at the heavier check, whichever
    // is higher (the model sums the calls as each cost alone; the mix interleaves them).
    const operating = checks.at(-1)!;
    const measuredPerView = {
      apiCpuMs: Math.max(0, operating.cpuMsPerS.api - idle.api) / operating.rate,
      postgresCpuMs: Math.max(0, operating.cpuMsPerS.postgres - idle.postgres) / operating.rate,
      redisCpuMs: Math.max(0, operating.cpuMsPerS.redis - idle.redis) / operating.rate,
    };
    const sized = {
      apiCpuMs: Math.max(perView.apiCpuMs, measuredPerView.apiCpuMs),
      postgresCpuMs: Math.max(perView.postgresCpuMs, measuredPerView.postgresCpuMs),
      redisCpuMs: Math.max(perView.redisCpuMs, measuredPerView.redisCpuMs),
    };
    const viewsPerInstance = LOOP_BUDGET_MS_PER_S / sized.apiCpuMs;
    const peakApiMsPerS = peakViewsPerS * sized.apiCpuMs + peakWritesPerS.apiCpuMs;
    const peakPgMsPerS = peakViewsPerS * sized.postgresCpuMs + peakWritesPerS.postgresCpuMs;
    // Enough event loops for the peak at LOOP_BUDGET, and one more so that losing one is no outage.
    const instances = Math.max(2, Math.ceil(peakApiMsPerS / LOOP_BUDGET_MS_PER_S) + 1);
    const postgresCores = peakPgMsPerS / 1000 / POSTGRES_UTILISATION;
    const model = {
      perView: Object.fromEntries(Object.entries(perView).map(([k, v]) => [k, round(v, 3)])),
      measuredPerView: Object.fromEntries(Object.entries(measuredPerView).map(([k, v]) => [k, round(v, 3)])),
      idleCpuMsPerS: Object.fromEntries(Object.entries(idle).map(([k, v]) => [k, round(v, 1)])),
      idleAfterCpuMsPerS: Object.fromEntries(Object.entries(idleAfter).map(([k, v]) => [k, round(v, 1)])),
      serverMemoryMb: {
        rss: round(serverMemory.rss / 2 ** 20, 0),
        heapUsed: round(serverMemory.heapUsed / 2 ** 20, 0),
      },
      viewsPerInstance: round(viewsPerInstance, 0),
      club: {
        meanViewsPerS: round(meanViewsPerS, 1),
        peakViewsPerS: round(peakViewsPerS, 1),
        peakCallsPerS: round(peakViewsPerS * perView.calls, 0),
        peakStatementsPerS: round(peakViewsPerS * perView.statements + peakWritesPerS.statements, 0),
        peakApiCpuMsPerS: round(peakApiMsPerS, 0),
        peakPostgresCpuMsPerS: round(peakPgMsPerS, 0),
        peakRedisCpuMsPerS: round(peakViewsPerS * sized.redisCpuMs, 1),
        peakBytesPerS: round(peakViewsPerS * perView.bytes, 0),
        writesPerDay,
        writesShareOfApiCpu: writeCost ? round(peakWritesPerS.apiCpuMs / peakApiMsPerS, 4) : null,
        instances,
        postgresCores: round(postgresCores, 2),
        storage,
      },
    };
    const results = {
      machine: machineLine(),
      scale: SCALE,
      club: CLUB,
      session: SESSION,
      writesPerDeal: WRITES_PER_DEAL,
      mix: MIX,
      screens: screenRows,
      calibrated: [...calibrated.values()],
      writes: serverWrites ?? null,
      model,
      checks,
    };
    saveResults('capacity', results);

    const lines = [
      '| call | statements | alone req/s | p99 ms | bytes | API CPU ms | PostgreSQL CPU ms | Redis CPU ms | one instance req/s |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...[...calibrated.values()].map(
        (c) =>
          `| ${c.call} | ${Number.isNaN(c.statements) ? '–' : c.statements} | ${c.perSecond.toLocaleString('en-US')} | ${c.p99} | ${c.bytes.toLocaleString('en-US')} | ${c.apiCpuMs} | ${c.postgresCpuMs} | ${c.redisCpuMs} | ${Math.round(LOOP_BUDGET_MS_PER_S / c.apiCpuMs).toLocaleString('en-US')} |`,
      ),
      '',
      `Per page view, model: ${JSON.stringify(model.perView)}`,
      `Per page view, measured in the mix: ${JSON.stringify(model.measuredPerView)}`,
      `Idle CPU (ms/s), before / after the checks: ${JSON.stringify(model.idleCpuMsPerS)} / ${JSON.stringify(model.idleAfterCpuMsPerS)}`,
      `The bench server at the end: ${JSON.stringify(model.serverMemoryMb)} MB`,
      `One instance: ${model.viewsPerInstance} page views/s at ${LOOP_BUDGET_MS_PER_S} ms of its loop a second`,
      `The club: ${JSON.stringify(model.club)}`,
      '',
      '| check | page views/s | views | failed | p50 / p99 ms | API ms/s measured / model | PostgreSQL ms/s measured / model | Redis ms/s measured / model | per view, idle off: API ms measured / model | PostgreSQL ms measured / model |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...checks.map(
        (c) =>
          `| ${c.label} | ${c.rate} | ${c.pageViews} | ${c.failed} | ${c.latencyMs.p50} / ${c.latencyMs.p99} | ${c.cpuMsPerS.api} / ${c.predicted.api} | ${c.cpuMsPerS.postgres} / ${c.predicted.postgres} | ${c.cpuMsPerS.redis} / ${c.predicted.redis} | ${c.perView.measured.api} / ${c.perView.model.api} | ${c.perView.measured.postgres} / ${c.perView.model.postgres} |`,
      ),
      '',
      machineLine(),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    return checks.some((c) => c.failed > 0) ? 1 : 0;
  } finally {
    await seed?.end();
    if (server) await stopServer(server.child);
    await benchDb.drop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`capacity bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);

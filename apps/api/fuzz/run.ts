/**
 * `npm run test:fuzz` (issue 19): boots the real API (fuzz/server.ts, its own process, in-memory
 * PGlite) on 127.0.0.1, signs in one account of each role, writes data it records, then sends
 * FUZZ_REQUESTS (default 10,000) requests made with a seeded PRNG (FUZZ_SEED, default 19) from every
 * operation of `/api/docs/json`, the Cognito endpoint and the Pusher trigger API: malformed path
 * parameters, bodies, content types, query strings and tokens, signed out and as each role, 16 at a
 * time over real HTTP. It fails on any answer ≥ 500, any dropped or hung connection, or any change to
 * the data written before; it prints a few reproducible examples (FUZZ_ONLY=<n>[,<n>-<m>] replays those requests).
 * Traffic goes to loopback only.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { milestonesFor } from '@dealclub/shared/closing';
import { validCashDeal } from '@dealclub/shared/deal-fixtures';
import { md5Hex, requestSignature } from '../src/modules/realtime/signatures';
import { FUZZ_PASSWORD } from './accounts';
import {
  CONTENT_TYPES,
  Random,
  body as fuzzBody,
  idempotencyKey,
  malformedParam,
  multipartBody,
  queryString,
  randomUuid,
  sample,
  type JsonSchema,
} from './generate';

const SEED = Number(process.env.FUZZ_SEED ?? 19);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** Replays only these request numbers (comma-separated), made by the same draws as in a full run. */
const ONLY = process.env.FUZZ_ONLY
  ? new Set(
      process.env.FUZZ_ONLY.split(',').flatMap((part) => {
        const [from, to = from] = part.split('-').map(Number);
        return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
      }),
    )
  : undefined;
const CONCURRENCY = 16;
const REQUEST_TIMEOUT_MS = 30_000;
const SERVER_START_TIMEOUT_MS = 180_000;
const SERVER_FILE = path.join(import.meta.dirname, 'server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const PUSHER = { appId: 'fuzz-app', key: 'fuzz-key', secret: randomBytes(16).toString('hex') };

interface Sent {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  note: string;
}
type Outcome = { status: number; text: string } | { error: string; previous?: string };

/** What the socket carried last: a dropped connection may be the previous request's doing. */
const lastOnSocket = new WeakMap<object, string>();
const describe = (request: Omit<Sent, 'index' | 'note'>) =>
  `${request.method} ${request.path.slice(0, 100)} content-type=${request.headers['content-type'] ?? '-'} ` +
  `length=${request.body === undefined ? 0 : Buffer.byteLength(request.body)}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let port = 0;

function send(request: Omit<Sent, 'index' | 'note'>): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const payload = request.body === undefined ? undefined : Buffer.from(request.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        agent,
        headers: { ...request.headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (error) => done({ error: `response: ${error.message}` }));
        res.on('aborted', () => done({ error: 'response aborted' }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      done({ error: `no answer within ${REQUEST_TIMEOUT_MS} ms` });
    });
    let previous: string | undefined;
    req.on('socket', (socket) => {
      previous = lastOnSocket.get(socket);
      lastOnSocket.set(socket, describe(request));
    });
    req.on('error', (error) => done({ error: error.message, previous }));
    req.end(payload);
  });
}

async function call(method: string, url: string, token?: string, json?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  const outcome = await send({
    method,
    path: url,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if ('error' in outcome) throw new Error(`${method} ${url}: ${outcome.error}`);
  let parsed: unknown = outcome.text;
  try {
    parsed = JSON.parse(outcome.text);
  } catch {
    // not JSON
  }
  return { status: outcome.status, body: parsed };
}

async function expectStatus<T = unknown>(what: string, promise: ReturnType<typeof call>, status: number) {
  const res = await promise;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** CPU seconds a process has used (Linux), so that a figure taken on a busy machine still says something. */
async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_FILE], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
  });
  const logs: string[] = [];
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => logs.push(chunk));
  const ready = new Promise<{
    port: number;
    users: { name: string; email: string; id: string }[];
    clientId: string;
  }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('fuzz server did not start in time'));
    }, SERVER_START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`fuzz server exited (code ${code}, signal ${signal})\n${logs.join('')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const message = JSON.parse(line) as { port?: number };
        if (typeof message.port === 'number') {
          clearTimeout(timer);
          resolve(message as never);
          return;
        }
      } catch {
        // a log line
      }
      logs.push(line);
    });
  });
  return { child, ready, logs };
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** Headers the operation declares (the create calls' `idempotency-key`). */
  headerParams: string[];
  bodySchema: JsonSchema | undefined;
  contentTypes: string[];
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const content = ((op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content ?? {}) as Record<string, { schema?: JsonSchema }>;
      out.push({
        method: method.toUpperCase(),
        path: route,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        headerParams: parameters.filter((p) => p.in === 'header').map((p) => p.name),
        bodySchema: Object.values(content)[0]?.schema,
        contentTypes: Object.keys(content),
      });
    }
  }
  return out;
}

const COGNITO_ACTIONS = [
  'InitiateAuth',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
  'RespondToAuthChallenge',
  'UpdateUserAttributes',
  'GetTokensFromRefreshToken',
  'DeleteUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'NoSuchAction',
  '',
];

const COGNITO_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['ClientId'],
  properties: {
    ClientId: { type: 'string' },
    AuthFlow: { enum: ['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'USER_SRP_AUTH', 'CUSTOM_AUTH'] },
    AuthParameters: {
      type: 'object',
      properties: {
        USERNAME: { type: 'string', format: 'email' },
        PASSWORD: { type: 'string' },
        REFRESH_TOKEN: { type: 'string' },
      },
    },
    Username: { type: 'string', format: 'email' },
    Password: { type: 'string' },
    ConfirmationCode: { type: 'string' },
    AccessToken: { type: 'string' },
    UserAttributes: {
      type: 'array',
      items: { type: 'object', properties: { Name: { type: 'string' }, Value: { type: 'string' } } },
    },
    // Two-step sign-in: challenges, set-up and the preference.
    ChallengeName: { enum: ['SOFTWARE_TOKEN_MFA', 'MFA_SETUP', 'NEW_PASSWORD_REQUIRED', 'SMS_MFA'] },
    Session: { type: 'string' },
    ChallengeResponses: {
      type: 'object',
      properties: {
        USERNAME: { type: 'string', format: 'email' },
        SOFTWARE_TOKEN_MFA_CODE: { type: 'string' },
        NEW_PASSWORD: { type: 'string' },
      },
    },
    UserCode: { type: 'string' },
    SoftwareTokenMfaSettings: {
      type: 'object',
      properties: { Enabled: { type: 'boolean' }, PreferredMfa: { type: 'boolean' } },
    },
    SMSMfaSettings: { type: 'object', properties: { Enabled: { type: 'boolean' } } },
  },
};

async function main() {
  const started = Date.now();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'dealclub-fuzz-'));
  const server = startServer({
    FUZZ_PUSHER_SECRET: PUSHER.secret,
    FUZZ_DATA_DIR: filesDir,
  });
  let serverExited = false;
  server.child.once('exit', () => {
    serverExited = true;
  });
  try {
    const info = await server.ready;
    port = info.port;
    const ids = Object.fromEntries(info.users.map((u) => [u.name, u.id]));

    // Every account signs in over the Cognito protocol.
    const tokens: Record<string, { id: string; access: string }> = {};
    for (const user of info.users) {
      const res = await send({
        method: 'POST',
        path: '/cognito/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: info.clientId,
          AuthParameters: { USERNAME: user.email, PASSWORD: FUZZ_PASSWORD },
        }),
      });
      if ('error' in res || res.status !== 200)
        throw new Error(`sign-in ${user.name}: ${JSON.stringify(res)}`);
      const result = (JSON.parse(res.text) as { AuthenticationResult: Record<string, string> })
        .AuthenticationResult;
      tokens[user.name] = { id: result.IdToken!, access: result.AccessToken! };
    }
    const token = (name: string) => tokens[name]!.id;

    // The data the run must not lose or change: written by accounts the fuzzer never uses.
    let street = 7000;
    const newDeal = () => validCashDeal({ streetAddress: `${street++} Fuzz Ln` });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const offer = { type: 'cash', purchasePrice: 440000, estimatedCloseDate: inDays(30), message: 'Cash.' };
    const sentinelDeal = await expectStatus<{ id: string }>(
      'sentinel deal',
      call('POST', '/api/deals', token('sentinel-seller'), newDeal()),
      201,
    );
    await expectStatus(
      'sentinel offer',
      call('POST', `/api/deals/${sentinelDeal.id}/offers`, token('sentinel-buyer'), offer),
      201,
    );
    const sentinelThread = await expectStatus<{ thread: { threadId: string } }>(
      'sentinel thread',
      call('POST', '/api/chat/threads', token('sentinel-buyer'), {
        dealId: sentinelDeal.id,
        body: 'Is the roof new?',
      }),
      201,
    );
    await expectStatus(
      'sentinel preferences',
      call('PUT', '/api/profile/preferences', token('sentinel-buyer'), {
        languagePreference: 'es',
        notificationChannels: ['email', 'push'],
        searchFrequency: 'weekly',
      }),
      200,
    );
    const snapshots: { what: string; user: string; url: string }[] = [
      { what: 'deal', user: 'sentinel-seller', url: `/api/deals/${sentinelDeal.id}` },
      { what: 'offers of the deal', user: 'sentinel-seller', url: `/api/deals/${sentinelDeal.id}/offers` },
      { what: "buyer's offers", user: 'sentinel-buyer', url: '/api/offers/mine' },
      {
        what: 'thread',
        user: 'sentinel-buyer',
        url: `/api/chat/threads/${sentinelThread.thread.threadId}/messages`,
      },
      { what: 'preferences', user: 'sentinel-buyer', url: '/api/profile/preferences' },
      { what: 'profile', user: 'sentinel-buyer', url: '/api/profile' },
      { what: "seller's deals", user: 'sentinel-seller', url: '/api/deals/mine' },
    ];
    const before = new Map<string, string>();
    for (const snap of snapshots) {
      const body = await expectStatus(snap.what, call('GET', snap.url, token(snap.user)), 200);
      before.set(snap.url, JSON.stringify(body));
    }

    // Data of the fuzzed accounts, so that valid ids reach the handlers.
    const fuzzDeals: string[] = [];
    for (const seller of ['seller', 'seller2', 'owner']) {
      const deal = await expectStatus<{ id: string }>(
        'deal',
        call('POST', '/api/deals', token(seller), newDeal()),
        201,
      );
      fuzzDeals.push(deal.id);
    }
    const fuzzOffer = await expectStatus<{ id: string }>(
      'offer',
      call('POST', `/api/deals/${fuzzDeals[0]}/offers`, token('buyer'), offer),
      201,
    );
    const fuzzThread = await expectStatus<{ thread: { threadId: string } }>(
      'thread',
      call('POST', '/api/chat/threads', token('buyer'), { dealId: fuzzDeals[1], body: 'Hello' }),
      201,
    );
    await expectStatus(
      'deactivate',
      call('PUT', `/api/admin/users/${ids.deactivated}/active`, token('admin'), { active: false }),
      200,
    );
    // The seller accepts it: the deal has a closing room, so its calls reach a real one.
    await expectStatus('accept', call('POST', `/api/offers/${fuzzOffer.id}/accept`, token('seller')), 200);
    const idPool = [...fuzzDeals, fuzzOffer.id, fuzzThread.thread.threadId, ids.deactivated!, ids.buyer!];
    const milestoneKeys = milestonesFor('Cash').map((m) => m.key);

    const doc = await expectStatus<Parameters<typeof operations>[0]>(
      'docs',
      call('GET', '/api/docs/json'),
      200,
    );
    const ops = operations(doc);
    if (!ops.some((op) => op.path === '/cognito/'))
      ops.push({
        method: 'POST',
        path: '/cognito/',
        pathParams: [],
        queryParams: [],
        headerParams: [],
        bodySchema: undefined,
        contentTypes: [],
      });
    for (const suffix of ['events', 'batch_events'])
      if (!ops.some((op) => op.path === `/apps/{appId}/${suffix}`))
        ops.push({
          method: 'POST',
          path: `/apps/{appId}/${suffix}`,
          pathParams: ['appId'],
          queryParams: [],
          headerParams: [],
          bodySchema: undefined,
          contentTypes: ['application/json'],
        });

    // Tokens: none, broken, and each fuzzed role's (the deactivated account's answers 403).
    const real = token('buyer');
    const [header, payload] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1_000_000 })).toString('base64url')}.${real.split('.')[2]}`;
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const roles = ['buyer', 'seller', 'seller2', 'owner', 'admin', 'deactivated'];
    const authHeader = (rng: Random): { header?: string; who: string } => {
      const who = rng.pick([
        ...roles,
        ...roles,
        'none',
        'none',
        'garbage',
        'expired',
        'algNone',
        'access',
        'basic',
        'long',
      ]);
      switch (who) {
        case 'none':
          return { who };
        case 'garbage':
          return {
            who,
            header: rng.pick(['Bearer garbage', 'Bearer ', 'Bearer a.b.c', 'bearer x.y', 'Token x']),
          };
        case 'expired':
          return { who, header: `Bearer ${expired}` };
        case 'algNone':
          return { who, header: `Bearer ${algNone}` };
        case 'access':
          return { who, header: `Bearer ${tokens.buyer!.access}` };
        case 'basic':
          return { who, header: `Basic ${Buffer.from('a:b').toString('base64')}` };
        case 'long':
          return { who, header: `Bearer ${'a'.repeat(6000)}.${'b'.repeat(100)}.c` };
        default:
          return { who, header: `Bearer ${token(who)}` };
      }
    };

    const paramValue = (rng: Random, name: string): string => {
      if (name === 'appId') return rng.chance(0.8) ? PUSHER.appId : malformedParam(rng);
      if (name === 'key' && rng.chance(0.6)) return rng.pick(milestoneKeys);
      if (rng.chance(0.5)) return rng.chance(0.8) ? rng.pick(idPool) : randomUuid(rng);
      return malformedParam(rng);
    };

    /** Request number `index`: always the same for the same seed. */
    const make = (rng: Random, index: number): Sent => {
      const op = rng.pick(ops);
      const auth = authHeader(rng);
      let route = op.path;
      for (const name of op.pathParams) route = route.replace(`{${name}}`, paramValue(rng, name));
      const headers: Record<string, string | string[]> = {};
      if (auth.header) headers.authorization = auth.header;
      if (rng.chance(0.1))
        headers['accept-language'] = rng.pick(['es', 'xx', '*', 'es-MX;q=0.9, en;q=0.8', '']);
      if (rng.chance(0.05)) headers['content-encoding'] = rng.pick(['gzip', 'br', 'identity', 'garbage']);
      if (rng.chance(0.05)) headers.accept = rng.pick(['text/csv', '*/*', 'image/png', 'application/xml']);
      // The create calls' Idempotency-Key (decision 028): malformed, repeated, or good and sent again.
      if (op.headerParams.includes('idempotency-key') && rng.chance(0.6))
        headers['idempotency-key'] = idempotencyKey(rng);
      const values = (name: string) =>
        String(sample(rng, op.queryParams.find((q) => q.name === name)?.schema ?? { type: 'string' }) ?? '');
      let query = queryString(
        rng,
        op.queryParams.map((q) => q.name),
        values,
      );
      let body: string | Buffer | undefined;
      let note: string;

      if (op.path === '/cognito/') {
        const action = rng.pick(COGNITO_ACTIONS);
        if (rng.chance(0.9)) headers['x-amz-target'] = `AWSCognitoIdentityProviderService.${action}`;
        const broken = fuzzBody(rng, COGNITO_SCHEMA);
        body = broken.text;
        headers['content-type'] = rng.chance(0.8) ? 'application/x-amz-json-1.1' : rng.pick(CONTENT_TYPES);
        note = `cognito ${action} ${broken.kind}`;
      } else if (op.path.startsWith('/apps/')) {
        const batch = op.path.endsWith('batch_events');
        const schema: JsonSchema = batch
          ? {
              type: 'object',
              required: ['batch'],
              properties: {
                batch: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['channel', 'name', 'data'],
                    properties: {
                      channel: { type: 'string' },
                      name: { type: 'string' },
                      data: { type: 'string' },
                    },
                  },
                },
              },
            }
          : {
              type: 'object',
              required: ['name', 'data'],
              properties: {
                name: { type: 'string' },
                channel: { enum: ['private-user-1', 'x'] },
                channels: { type: 'array', items: { type: 'string' } },
                data: { type: 'string' },
                socket_id: { enum: ['1.1', 'x'] },
              },
            };
        const broken = fuzzBody(rng, schema);
        body = broken.text;
        headers['content-type'] = rng.chance(0.85) ? 'application/json' : rng.pick(CONTENT_TYPES);
        const signedQuery: Record<string, string> = {
          auth_key: rng.chance(0.9) ? PUSHER.key : 'wrong',
          auth_timestamp: String(Math.floor(Date.now() / 1000) - (rng.chance(0.9) ? 0 : 100_000)),
          auth_version: '1.0',
          body_md5: md5Hex(typeof body === 'string' ? body : body.toString('utf8')),
        };
        const routePath = route.split('?')[0]!;
        signedQuery.auth_signature = rng.chance(0.9)
          ? requestSignature(PUSHER.secret, 'POST', routePath, signedQuery)
          : 'f'.repeat(64);
        query =
          '?' +
          Object.entries(signedQuery)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join('&') +
          (rng.chance(0.2) ? query.replace('?', '&') : '');
        note = `pusher ${broken.kind}`;
      } else if (
        (/photos|logo|picture|statement/.test(op.path) || op.path === '/api/feedback') &&
        op.method !== 'GET' &&
        rng.chance(0.7)
      ) {
        const multi = multipartBody(rng);
        body = multi.text;
        headers['content-type'] = rng.chance(0.9) ? multi.contentType : rng.pick(CONTENT_TYPES);
        note = `multipart ${multi.kind}`;
      } else if (op.method === 'GET' || op.method === 'DELETE') {
        if (rng.chance(0.2)) {
          const broken = fuzzBody(rng, op.bodySchema);
          body = broken.text;
          headers['content-type'] = rng.pick(CONTENT_TYPES);
          note = `${broken.kind} body on ${op.method}`;
        } else note = 'no body';
      } else {
        const broken = fuzzBody(rng, op.bodySchema);
        body = broken.text;
        if (rng.chance(0.8)) headers['content-type'] = 'application/json';
        else if (rng.chance(0.9)) headers['content-type'] = rng.pick(CONTENT_TYPES);
        note = broken.kind;
      }
      const method = rng.chance(0.03) ? rng.pick(['PATCH', 'OPTIONS', 'HEAD', 'PUT', 'DELETE']) : op.method;
      return { index, method, path: route + query, headers, body, note: `${note} as ${auth.who}` };
    };

    // Fire: 16 in flight, request i always made by the same PRNG draws.
    const rng = new Random(SEED);
    const byClass: Record<string, number> = {};
    const byKind: Record<string, number> = {};
    const failures: { sent: Sent; outcome: Outcome }[] = [];
    let next = 0;
    let sentCount = 0;
    const fuzzStarted = Date.now();
    const worker = async () => {
      for (;;) {
        if (serverExited) return;
        const index = next++;
        if (index >= REQUESTS) return;
        const request = make(rng, index);
        if (ONLY && !ONLY.has(index)) continue;
        sentCount += 1;
        const outcome = await send(request);
        const cls = 'error' in outcome ? 'dropped' : `${Math.floor(outcome.status / 100)}xx`;
        byClass[cls] = (byClass[cls] ?? 0) + 1;
        if ('status' in outcome) byKind[String(outcome.status)] = (byKind[String(outcome.status)] ?? 0) + 1;
        if ('error' in outcome || outcome.status >= 500) failures.push({ sent: request, outcome });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const fuzzSeconds = (Date.now() - fuzzStarted) / 1000;

    // The data written before: still there, unchanged, and the server still answers.
    const changed: string[] = [];
    if (!serverExited) {
      for (const snap of snapshots) {
        const res = await call('GET', snap.url, token(snap.user));
        if (res.status !== 200 || JSON.stringify(res.body) !== before.get(snap.url)) {
          changed.push(`${snap.what} (${snap.url}): ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        }
      }
      const health = await call('GET', '/api/health');
      if (health.status !== 200) changed.push(`health: ${health.status}`);
    } else changed.push('the server exited during the run');

    const total = (Date.now() - started) / 1000;
    const serverCpu = await cpuSeconds(server.child.pid);
    const ownCpu = process.cpuUsage();
    console.log(
      `fuzz seed ${SEED}: ${sentCount} requests in ${fuzzSeconds.toFixed(1)} s (${total.toFixed(1)} s in all)`,
    );
    console.log(
      `  CPU: server ${serverCpu?.toFixed(1) ?? '?'} s, fuzzer ${((ownCpu.user + ownCpu.system) / 1e6).toFixed(1)} s`,
    );
    console.log(`  by class: ${JSON.stringify(byClass)}`);
    console.log(`  by status: ${JSON.stringify(byKind)}`);
    console.log(
      `  answers >= 500: ${failures.filter((f) => 'status' in f.outcome).length}, dropped: ${byClass.dropped ?? 0}`,
    );
    console.log(
      `  data written before: ${changed.length ? 'CHANGED' : 'intact'} (${snapshots.length} reads)`,
    );
    for (const line of changed) console.log(`  changed: ${line}`);
    for (const { sent, outcome } of failures.slice(0, 8)) {
      const excerpt = sent.body === undefined ? '' : Buffer.from(sent.body).toString('utf8').slice(0, 160);
      console.log(
        `  FUZZ_ONLY=${sent.index} ${sent.method} ${sent.path.slice(0, 160)} [${sent.note}] ` +
          `content-type=${sent.headers['content-type'] ?? '-'} body=${JSON.stringify(excerpt)} → ` +
          ('error' in outcome
            ? `${outcome.error}; the socket's previous request: ${outcome.previous ?? 'none'}`
            : `${outcome.status} ${outcome.text.slice(0, 200)}`),
      );
    }
    if (failures.length && server.logs.length) {
      console.log('  server error log (first lines):');
      console.log(
        server.logs
          .join('\n')
          .split('\n')
          .slice(0, 6)
          .map((line) => `    ${line.slice(0, 600)}`)
          .join('\n'),
      );
    }
    const failed = failures.length + changed.length;
    console.log(`fuzz: ${sentCount - failures.length} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
    await rm(filesDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(
    `fuzz run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});

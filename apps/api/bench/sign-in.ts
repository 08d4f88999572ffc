/**
 * `npm run bench:sign-in` (issue 29, "Measured"): a whole sign-in through the identity protocol at
 * BENCH_CONNECTIONS (default 20) clients, on the bench server over loopback, on a fresh database on
 * the PostgreSQL server of this machine:
 *   - with a password alone: `InitiateAuth` (USER_PASSWORD_AUTH) answers the tokens;
 *   - with two-step sign-in: `InitiateAuth` answers the SOFTWARE_TOKEN_MFA challenge, then
 *     `RespondToAuthChallenge` with the code answers the tokens.
 * A code is taken once per user and time step, so each sign-in is a user of its own: BENCH_SIGNINS
 * users of each kind (default 400), made by SQL with one password hash and (two-step) a secret each,
 * sealed with the bench server's key. The latency of a sign-in is from its first request to its
 * tokens; each step's own latency is reported too.
 *
 * BENCH_PG_URL: an admin connection on loopback (default postgres://root@127.0.0.1:5432/postgres).
 * Skipped with a message when no PostgreSQL answers there.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { SecretBox, parseSecretKey } from '../src/lib/secret-box';
import { hashPassword } from '../src/modules/identity/passwords';
import { sealMfaSecret } from '../src/modules/identity/mfa';
import { base32Decode, newTotpSecret, totpCode, totpStep } from '../src/modules/identity/totp';
import { cognitoHeaders, passwordSignIn } from '../src/test/auth';
import { createBenchDatabase, envNumber, log, percentiles } from './postgres-bench';
import { loopbackUrl, startServer, stopServer } from './run';
import { BENCH_PASSWORD, machineLine, POOL, saveResults } from './measure';
import { runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/client';

const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 20);
const SIGNINS = envNumber('BENCH_SIGNINS', 400);
const WARMUP = Math.min(40, SIGNINS);

interface BenchUser {
  email: string;
  secret?: string;
}

async function main(): Promise<number> {
  const benchDb = await createBenchDatabase('dealclub_bench_signin', 'sign-in bench');
  if (!benchDb) return 0;
  const loadAtStart = os.loadavg()[0]!;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const seed = new pg.Client({ connectionString: benchDb.url });
  seed.on('error', () => {});
  try {
    const database = await openDatabase({ databaseUrl: benchDb.url, poolMax: 2 });
    await runMigrations(database.db);
    await database.close();
    await seed.connect();
    const secretsKey = randomBytes(32).toString('base64');
    const box = new SecretBox([parseSecretKey(secretsKey)!]);
    log(`making ${2 * (SIGNINS + WARMUP)} users…`);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    // One client: the inserts go one after another.
    const make = async (kind: string, n: number, twoStep: boolean) => {
      const made: BenchUser[] = [];
      for (let i = 0; i < n; i++)
        made.push(await insertUser(seed, box, passwordHash, `${kind}-${i}`, twoStep));
      return made;
    };
    const users = {
      passwordWarmup: await make('password-warmup', WARMUP, false),
      password: await make('password', SIGNINS, false),
      mfaWarmup: await make('mfa-warmup', WARMUP, true),
      mfa: await make('mfa', SIGNINS, true),
    };

    server = await startServer({
      BENCH_DATABASE_URL: benchDb.url,
      BENCH_DATABASE_POOL_MAX: String(POOL),
      SECRETS_KEY: secretsKey,
      IDENTITY_RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    const endpoint = loopbackUrl(server.port, '/cognito/').href;
    const clientId = (await (await fetch(loopbackUrl(server.port, '/api/auth/public-config'))).json()) as {
      clientId: string;
    };
    const signIn = signInWith(endpoint, clientId.clientId);

    log('warming up…');
    await run(users.passwordWarmup, signIn);
    await run(users.mfaWarmup, signIn);
    log(`measuring ${SIGNINS} password-only sign-ins at ${CONNECTIONS} connections…`);
    const password = await run(users.password, signIn);
    log(`measuring ${SIGNINS} two-step sign-ins at ${CONNECTIONS} connections…`);
    const mfa = await run(users.mfa, signIn);

    const row = (name: string, r: RunResult) =>
      `| ${name} | ${r.signIns} | ${r.perSecond.toFixed(1)} | ${r.whole.p50} / ${r.whole.p99} | ${r.steps
        .map((s) => `${s.p50} / ${s.p99}`)
        .join(' · ')} | ${r.failures} |`;
    const table = [
      '| sign-in | sign-ins | per s | whole, p50 / p99 ms | each step, p50 / p99 ms | failures |',
      '| --- | ---: | ---: | ---: | --- | ---: |',
      row('password alone (`InitiateAuth`)', password),
      row('password, then code (`InitiateAuth` · `RespondToAuthChallenge`)', mfa),
    ].join('\n');
    const machine = machineLine();
    process.stdout.write(
      `\n${table}\n\n${machine} (${loadAtStart.toFixed(2)} at the start); ${CONNECTIONS} connections, pool ${POOL}, PostgreSQL server on loopback\n`,
    );
    saveResults('sign-in', { machine, loadAtStart, connections: CONNECTIONS, pool: POOL, password, mfa });
    return password.failures + mfa.failures > 0 ? 1 : 0;
  } finally {
    if (server) await stopServer(server.child);
    await seed.end();
    await benchDb.drop();
  }
}

/** A confirmed user by SQL (the product user and the directory's), with a sealed secret if two-step. */
async function insertUser(
  seed: pg.Client,
  box: SecretBox,
  passwordHash: string,
  name: string,
  twoStep: boolean,
): Promise<BenchUser> {
  const sub = randomUUID();
  const email = `${name}@bench.test`;
  const secret = twoStep ? newTotpSecret() : undefined;
  await seed.query(
    `insert into identity_users (sub, username, email, email_verified, password_hash, status, groups, mfa_enabled, mfa_secret)
     values ($1, $2, $2, true, $3, 'CONFIRMED', '{buyer}', $4, $5)`,
    [sub, email, passwordHash, twoStep, secret ? sealMfaSecret(box, sub, secret) : null],
  );
  await seed.query(
    `insert into users (id, email, first_name, last_name, roles) values ($1, $2, 'Bench', $3, '{buyer}')`,
    [sub, email, createHash('sha256').update(name).digest('hex').slice(0, 8)],
  );
  return { email, secret };
}

type Step = (user: BenchUser) => Promise<number[]>;

/** One whole sign-in: the latency of each request, and throws unless it ends with tokens. */
function signInWith(endpoint: string, clientId: string): Step {
  const call = async (action: string, body: object) => {
    const started = performance.now();
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: cognitoHeaders(action),
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(json)}`);
    return { json, ms: performance.now() - started };
  };
  return async (user) => {
    const first = await call('InitiateAuth', passwordSignIn(clientId, user.email, BENCH_PASSWORD));
    if (!user.secret) {
      if (!first.json.AuthenticationResult) throw new Error('no tokens');
      return [first.ms];
    }
    const code = totpCode(base32Decode(user.secret)!, totpStep(Date.now()));
    const second = await call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.json.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code },
    });
    if (!second.json.AuthenticationResult) throw new Error('no tokens');
    return [first.ms, second.ms];
  };
}

interface RunResult {
  signIns: number;
  perSecond: number;
  whole: ReturnType<typeof percentiles>;
  steps: ReturnType<typeof percentiles>[];
  failures: number;
}

/** Every user signs in once, CONNECTIONS at a time. */
async function run(users: BenchUser[], signIn: Step): Promise<RunResult> {
  const queue = [...users];
  const whole: number[] = [];
  const steps: number[][] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let user = queue.pop(); user; user = queue.pop()) {
        try {
          const times = await signIn(user);
          whole.push(times.reduce((a, b) => a + b, 0));
          times.forEach((ms, i) => (steps[i] ??= []).push(ms));
        } catch (error) {
          failures += 1;
          if (failures <= 3) log(String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    signIns: whole.length,
    perSecond: whole.length / seconds,
    whole: percentiles(whole),
    steps: steps.map(percentiles),
    failures,
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);

/**
 * The routes `npm run bench` measures, each against the trivial route of the same run. A new
 * scenario is one more entry in `SCENARIOS`; anything it needs first (an account, a session, a row
 * to read) goes in its `setup`, which talks to the bench server only through `context.request`.
 */
import { cognitoHeaders, passwordSignIn } from '../src/test/auth';

export type BenchMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SetupContext {
  /** `http://127.0.0.1:<port>` of the bench server. */
  baseUrl: string;
  /**
   * A request to the bench server (a path, never a full URL), so that a setup step cannot send
   * traffic anywhere but loopback.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export interface SetupResult {
  /** Sent with every request of the scenario, e.g. a session cookie obtained in setup. */
  headers?: Record<string, string>;
}

export interface BenchScenario {
  /** Unique; the row label in the table and the key in results/latest.json. */
  name: string;
  method: BenchMethod;
  /** Starts with `/`; requested on the bench server only. */
  path: string;
  /** Sent as JSON (content-type application/json) with every request. */
  body?: unknown;
  /** Runs once before the warm-up, against a server with a fresh, migrated, empty database. */
  setup?: (context: SetupContext) => Promise<SetupResult | void>;
}

/** Registered only by bench/server.ts: the floor every scenario is compared with. */
export const TRIVIAL_ROUTE: BenchScenario = {
  name: 'trivial',
  method: 'GET',
  path: '/__bench/trivial',
};

/** Created by bench/server.ts before it listens. */
export const BENCH_USER = { email: 'bench@bench.test', password: 'Bench!Pass2026' };

/** Signs in as the bench user through the identity protocol and sends its ID token. */
export async function signedIn(context: SetupContext): Promise<SetupResult> {
  const config = (await (await context.request('/api/auth/public-config')).json()) as { clientId: string };
  const res = await context.request('/cognito/', {
    method: 'POST',
    headers: cognitoHeaders('InitiateAuth'),
    body: JSON.stringify(passwordSignIn(config.clientId, BENCH_USER.email, BENCH_USER.password)),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`bench sign-in failed: ${JSON.stringify(body)}`);
  return { headers: { authorization: `Bearer ${body.AuthenticationResult.IdToken}` } };
}

export const SCENARIOS: BenchScenario[] = [
  // Foundation: one database round trip (`select 1`) per request.
  { name: 'health', method: 'GET', path: '/api/health' },
  // Foundation: configuration only; since identity, behind authentication (JWT check + user row).
  { name: 'feature-flags', method: 'GET', path: '/api/config/feature-flags', setup: signedIn },
  // Identity: the signed-in user; token verification, one user query, the response schema.
  // Since the profile issue, plus one query for the profile parts the user's roles need.
  { name: 'auth-me', method: 'GET', path: '/api/auth/me', setup: signedIn },
  // Profile: look up ten ZIP codes in the reference data (42,555 rows, primary-key look-ups).
  {
    name: 'zip-lookup',
    method: 'GET',
    path: '/api/geo/zip-codes?codes=78701,78702,78703,78704,78705,85004,85006,90210,33101,10001',
    setup: signedIn,
  },
  // Profile: save buyer preferences; validation, a ZIP check against the reference data, an upsert.
  {
    name: 'buyer-preferences-put',
    method: 'PUT',
    path: '/api/profile/buyer-preferences',
    body: {
      useCase: 'investment',
      state: 'TX',
      city: 'Austin',
      zipCodes: ['78701', '78702', '78703', '78704', '78705'],
      propertyTypes: ['singleFamily'],
      bedrooms: 3,
      maxMonthlyPayment: 2500,
    },
    setup: signedIn,
  },
];

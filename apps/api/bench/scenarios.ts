/**
 * The routes `npm run bench` measures, each against the trivial route of the same run. A new
 * scenario is one more entry in `SCENARIOS`; anything it needs first (an account, a session, a row
 * to read) goes in its `setup`, which talks to the bench server only through `context.request`.
 */

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

export const SCENARIOS: BenchScenario[] = [
  // Foundation: one database round trip (`select 1`) per request.
  { name: 'health', method: 'GET', path: '/api/health' },
  // Foundation: configuration only, no database; shows the cost of the app's hooks and schemas.
  { name: 'feature-flags', method: 'GET', path: '/api/config/feature-flags' },
];

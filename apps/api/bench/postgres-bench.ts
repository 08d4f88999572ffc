/**
 * What the PostgreSQL benchmarks (deals, offers CSV) share: a database of their own on the
 * machine's server (loopback only), and the bench user's ID token from the bench server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loopbackUrl } from './run';
import { signedIn } from './scenarios';

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export const log = (message: string) => process.stderr.write(`${message}\n`);

/** The URL of database `name` on the admin URL's server, which must be on loopback. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname)) {
    throw new Error(`BENCH_PG_URL must point to loopback, not ${u.hostname}`);
  }
  u.pathname = `/${name}`;
  return u.toString();
}

export interface BenchDatabase {
  admin: pg.Client;
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database named `<prefix>_<random>`, or null (and a message) when no server answers. */
export async function createBenchDatabase(prefix: string, label: string): Promise<BenchDatabase | null> {
  const admin = new pg.Client({
    connectionString: withDatabase(ADMIN_URL, new URL(ADMIN_URL).pathname.slice(1) || 'postgres'),
  });
  try {
    await admin.connect();
  } catch (error) {
    log(`${label} skipped: no PostgreSQL at ${new URL(ADMIN_URL).host} (${(error as Error).message})`);
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  return {
    admin,
    name,
    url: withDatabase(ADMIN_URL, name),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Signs the bench user in on the bench server, as the route scenarios do. */
export async function benchUserHeaders(port: number): Promise<Record<string, string>> {
  const { headers } = await signedIn({
    baseUrl: loopbackUrl(port, '/').origin,
    request: (routePath, init) => fetch(loopbackUrl(port, routePath), init),
  });
  return headers ?? {};
}

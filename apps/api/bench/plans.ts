/**
 * `npm run bench:plans`: the query plan of the browse list for each filter of `GET /api/deals`, on
 * 100,000 deals in a fresh database of the local PostgreSQL, written to docs/query-plans.md. The
 * statements are the ones the API really runs (recorded from requests to the app), so the plans
 * are those of the product's queries.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createDirectoryUser } from '../src/modules/identity/directory';
import { createTestTokens } from './plan-tokens';
import { seedDeals } from './seed-deals';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const OUT = path.resolve(import.meta.dirname, '../../../docs/query-plans.md');

const FILTERS: [string, string][] = [
  ['no filter (newest first)', ''],
  ['budget, bedrooms and state (the benchmark)', 'maxPrice=500000&minBedrooms=3&state=TX'],
  ['budget only', 'maxPrice=1000000'],
  ['bathrooms', 'minBathrooms=2'],
  ['state and city', 'state=FL&city=Tampa'],
  ['ZIP code', 'zipCode=10042'],
  ['category and purchase type', 'category=creative&purchaseType=SubTo'],
  ['property type', 'propertyType=condo'],
  ['tags', 'tags=off-market'],
  ['text', 'q=Bench%20St'],
  ['price, low to high', 'sort=price-asc'],
  ['entry fee, low to high', 'sort=entry-fee-asc'],
];

function loopback(url: string, database: string): string {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname))
    throw new Error('BENCH_PG_URL must be loopback');
  u.pathname = `/${database}`;
  return u.toString();
}

async function main() {
  const admin = new pg.Client({
    connectionString: loopback(ADMIN_URL, new URL(ADMIN_URL).pathname.slice(1) || 'postgres'),
  });
  await admin.connect();
  const name = `dealclub_plans_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = loopback(ADMIN_URL, name);
  try {
    const recorded: { sql: string; params: unknown[] }[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      poolMax: 2,
      queryLog: (sql, params) => recorded.push({ sql, params }),
    });
    await runMigrations(database.db);
    const buyerId = await createDirectoryUser(database.db, {
      email: 'plans@bench.test',
      password: 'Plans!Pass2026',
      roles: ['buyer'],
      firstName: 'Plan',
      lastName: 'Reader',
      phoneNumber: '5125550100',
    });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, email, roles) values (gen_random_uuid(), 'plans-seller@bench.test', '{originator}') returning id`,
    );
    await seedDeals(client, rows[0]!.id, 100_000);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: url,
    });
    const app = await buildApp({ config, database });
    const token = await createTestTokens(app, 'plans@bench.test', 'Plans!Pass2026');
    const sections: string[] = [];
    for (const [label, query] of FILTERS) {
      recorded.length = 0;
      const res = await app.inject({
        url: `/api/deals${query ? `?${query}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      const statements = recorded.filter(
        (s) => /from "deals"/.test(s.sql) && !/where "deals"\."id" in/.test(s.sql),
      );
      const parts = [];
      for (const statement of statements) {
        const plan = (
          await client.query(
            `explain (analyze, costs off, timing off, summary on) ${statement.sql}`,
            statement.params,
          )
        ).rows
          .map((r: Record<string, string>) => r['QUERY PLAN'])
          .join('\n');
        parts.push(`\`\`\`\n${plan}\n\`\`\``);
      }
      sections.push(
        `## ${label}: \`GET /api/deals${query ? `?${decodeURIComponent(query)}` : ''}\`\n\n${parts.join('\n\n')}`,
      );
    }
    await app.close();
    await client.end();
    writeFileSync(
      OUT,
      `# Query plans of the browse list\n\nWritten by \`npm run bench:plans\` (${new Date().toISOString().slice(0, 10)}): 100,000 deals in a fresh\ndatabase of the local PostgreSQL (${(await admin.query('show server_version')).rows[0].server_version}), vacuumed and analysed; for each filter, the\nstatements \`GET /api/deals\` really ran for a signed-in buyer (the page's ids, then the count),\nexplained with \`EXPLAIN (ANALYZE, TIMING OFF)\`. The rows of the page are then read by id (primary key).\n\n${sections.join('\n\n')}\n`,
    );
    process.stderr.write(`wrote ${OUT} (${buyerId})\n`);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `plans failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});

/**
 * One migrated database per run, which every test file starts from. Embedded (PGlite): a dump of
 * it in a temporary file, which each file loads instead of running initdb and the migrations. With
 * `TEST_DATABASE_URL` (a PostgreSQL server): a template database that each file clones
 * (`CREATE DATABASE … TEMPLATE`, fast); everything is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { buildMigratedDump, compilePglite } from './embedded-template';
import { withDatabase } from './server-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
    embeddedTemplateFile: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', undefined);
    const dir = await mkdtemp(path.join(tmpdir(), 'dealclub-test-template-'));
    const file = path.join(dir, 'migrated.tar');
    await writeFile(
      file,
      new Uint8Array(await (await buildMigratedDump(await compilePglite())).arrayBuffer()),
    );
    project.provide('embeddedTemplateFile', file);
    return () => rm(dir, { recursive: true, force: true });
  }
  project.provide('embeddedTemplateFile', undefined);
  const template = `dealclub_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolMax: 1 });
  await runMigrations(database.db);
  await database.close();
  project.provide('templateDatabase', template);

  return async () => {
    // The workers keep their test databases (clones named after the template) for their life.
    const clones = await admin.query<{ name: string }>(
      `select datname as name from pg_database where datname like $1`,
      [`${template}\\_t\\_%`],
    );
    for (const { name } of clones.rows) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}

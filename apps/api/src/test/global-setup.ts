/**
 * With `TEST_DATABASE_URL` (a PostgreSQL server), the API suite runs against that server: this
 * creates one migrated template database per run, each test clones it into a database of its own
 * (`CREATE DATABASE … TEMPLATE`, fast), and everything is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withDatabase } from './server-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', undefined);
    return;
  }
  const template = `dealclub_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolMax: 1 });
  await runMigrations(database.db);
  await database.close();
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}

/**
 * A worker killed with SIGKILL in the middle of jobs (issue 27's deciding test, through the job
 * module's interface only): the jobs it held are taken again once their lease (1 s here) runs out,
 * none is lost, and every one reaches its effect exactly once, the handler checking its own effect.
 * On a PostgreSQL server the workers are processes on one database; embedded, PGlite is one
 * process, so the second worker is the restarted server on the same data directory.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, isServerPass, type TestDatabase } from '../../test/app';

const CHILD = path.resolve(import.meta.dirname, '../../test/job-worker-process.ts');
const JOBS = 8;
const BATCH = 4;

interface Event {
  event: string;
  key?: string;
  message?: string;
  orders?: string[];
  effects?: string[];
  runs?: Record<string, number>;
}

/** A worker process; `until` resolves with its events so far once one matches. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const events: Event[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    events.push(JSON.parse(line) as Event);
    for (const check of waiting) check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = (match: (event: Event) => boolean) =>
    new Promise<Event[]>((resolve, reject) => {
      const check = () => {
        const failed = events.find((e) => e.event === 'error');
        if (failed) reject(new Error(`the worker failed: ${failed.message}`));
        else if (events.some(match)) resolve(events);
        else return;
        waiting.delete(check);
      };
      waiting.add(check);
      void exited.then(() => {
        check();
        if (waiting.delete(check)) reject(new Error(`the worker exited: ${JSON.stringify(events)}`));
      });
      check();
    });
  return { child, events, exited, until };
}

let database: TestDatabase | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  database = dataDir = undefined;
});

/** Where the worker processes find the database: the test's server database, or a data directory. */
async function workerDatabase(): Promise<{ first: Record<string, string>; again: Record<string, string> }> {
  if (isServerPass) {
    database = await createTestDatabase();
    return { first: { DATABASE_URL: database.url! }, again: { DATABASE_URL: database.url! } };
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'dealclub-crash-'));
  const again = { DATA_DIR: dataDir };
  return { first: { ...again, LOAD_DUMP: inject('embeddedTemplateFile')! }, again };
}

describe('a job worker killed with SIGKILL in the middle of jobs', { tags: ['server'] }, () => {
  it('loses none: a new worker takes the held jobs again after their lease, each reaches its effect once', async () => {
    const where = await workerDatabase();
    const settings = { LEASE_MS: '1000', HANDLER_MS: '400', BATCH: String(BATCH) };

    const first = startWorker({ ...where.first, ...settings, ENQUEUE: String(JOBS) });
    const started = (events: Event[]) => events.filter((e) => e.event === 'start').map((e) => e.key!);
    await first.until(() => started(first.events).length >= BATCH);
    first.child.kill('SIGKILL');
    await first.exited;
    const done = new Set(first.events.filter((e) => e.event === 'done').map((e) => e.key));
    const cutOff = started(first.events).filter((key) => !done.has(key));
    expect(cutOff.length).toBeGreaterThan(0);

    const second = startWorker({ ...where.again, ...settings });
    const events = await second.until((e) => e.event === 'drained');
    expect(await second.exited).toBe(0);
    const report = events.find((e) => e.event === 'drained')!;

    const keys = Array.from({ length: JOBS }, (_, i) => `job-${i + 1}`).sort();
    // Exactly the committed jobs ran (none of the rolled-back transactions' jobs), each to its
    // effect once; the ones cut off ran again, which the handler's check made harmless.
    expect(report.orders).toEqual(keys);
    expect(report.effects).toEqual(keys);
    expect(Object.keys(report.runs!).sort()).toEqual(keys);
    for (const key of cutOff) expect(report.runs![key]).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

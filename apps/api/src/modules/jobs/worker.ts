/**
 * Runs the jobs of `queue.ts`: claims a batch of due jobs, runs each with the handler registered
 * for its type, and records the outcome. A failure (a thrown error, or a type no handler is
 * registered for — say, a job written by a newer instance during a rolling deploy) is retried with
 * exponential backoff until the job's `max_attempts`, then the job gives up with its last error.
 * Handlers must be idempotent: a job whose worker died mid-run is run again once its lease expires.
 *
 * A repeat runs a registered type once per period across every worker on the database, not once
 * per worker: each worker's loop enqueues the period's job under a singleton key naming the type
 * and the period's start, and only the first insert of that key writes a job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import {
  claimDueJobs,
  DEFAULT_BACKOFF,
  DEFAULT_LEASE_MS,
  enqueueSingleton,
  retryDelayMs,
  type Backoff,
  type Job,
  type JobRow,
} from './queue';
import { RepeatingTask } from './repeat';

export type JobHandler = (job: Job) => Promise<void> | void;

/** The part of pino (Fastify's logger) the background work uses. */
export interface WorkLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerOptions {
  /** Jobs claimed (and run concurrently) per batch; default 10. */
  batchSize?: number;
  /** Lease of a claimed job; a job running longer may be taken over by another worker. */
  leaseMs?: number;
  backoff?: Backoff;
  logger?: WorkLogger;
}

export interface BatchResult {
  claimed: number;
  completed: number;
  /** Failed and rescheduled. */
  retried: number;
  /** Failed for the last time. */
  gaveUp: number;
}

const MAX_ERROR_LENGTH = 2000;

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export class JobWorker {
  readonly #handlers = new Map<string, JobHandler>();
  /** Repeated types: their period, and the start of the last period this worker enqueued. */
  readonly #repeats = new Map<string, { everyMs: number; last?: number }>();
  readonly #inFlight = new Set<Promise<BatchResult>>();
  readonly #loop: RepeatingTask;
  readonly #batchSize: number;
  readonly #leaseMs: number;
  readonly #backoff: Backoff;
  readonly #logger: WorkLogger | undefined;

  constructor(
    private readonly db: Db,
    options: JobWorkerOptions = {},
  ) {
    this.#batchSize = options.batchSize ?? 10;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#logger = options.logger;
    this.#loop = new RepeatingTask(
      async () => {
        await this.#enqueueRepeats();
        return (await this.runOnce()).claimed === this.#batchSize;
      },
      (error) => this.#logger?.error({ err: error }, 'job batch failed'),
    );
  }

  /** Registers the handler of a job type (one per type). */
  register(type: string, handler: JobHandler): this {
    if (this.#handlers.has(type)) throw new Error(`A handler for job type "${type}" is already registered`);
    this.#handlers.set(type, handler);
    return this;
  }

  /**
   * Runs `type` once every `everyMs` (periods counted from the Unix epoch) while workers are
   * started, whichever of them enqueues the period first; the job's payload is `{ period }`, the
   * period's start (ISO 8601). A run that fails or is cut off is not retried: the next period runs
   * the type again.
   */
  repeat(type: string, everyMs: number): this {
    this.#repeats.set(type, { everyMs });
    return this;
  }

  async #enqueueRepeats() {
    const now = Date.now();
    for (const [type, repeat] of this.#repeats) {
      const start = now - (now % repeat.everyMs);
      if (repeat.last === start) continue;
      const runAt = new Date(start);
      const period = runAt.toISOString();
      await enqueueSingleton(this.db, `${type}@${period}`, {
        type,
        payload: { period },
        runAt,
        maxAttempts: 1,
      });
      repeat.last = start;
    }
  }

  /** Claims one batch of due jobs and runs it to the end. */
  runOnce(): Promise<BatchResult> {
    const batch = this.#runBatch();
    this.#inFlight.add(batch);
    const forget = () => this.#inFlight.delete(batch);
    batch.then(forget, forget);
    return batch;
  }

  /** Runs batches until `stop()`: `intervalMs` apart, back to back while full batches come. */
  start(intervalMs: number): void {
    this.#loop.start(intervalMs);
  }

  /** No new batches; resolves when the batches under way have finished. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await Promise.allSettled([...this.#inFlight]);
  }

  async #runBatch(): Promise<BatchResult> {
    const claimed = await claimDueJobs(this.db, this.#batchSize, this.#leaseMs);
    const result: BatchResult = { claimed: claimed.length, completed: 0, retried: 0, gaveUp: 0 };
    // Concurrently: each job's lease then covers its own run, not the ones queued before it.
    const outcomes = await Promise.all(claimed.map((job) => this.#run(job)));
    for (const outcome of outcomes) result[outcome] += 1;
    return result;
  }

  async #run(job: JobRow): Promise<'completed' | 'retried' | 'gaveUp'> {
    // A claim counts the attempt, so a job past its maximum was already tried that often: its
    // last attempt never reported back (the worker crashed or was stopped mid-run).
    if (job.attempts > job.maxAttempts) {
      return this.#fail(job, `Gave up: attempt ${job.maxAttempts} did not finish`, true);
    }
    const handler = this.#handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler is registered for job type "${job.type}"`);
      await handler(job);
    } catch (error) {
      return this.#fail(job, errorText(error), job.attempts >= job.maxAttempts);
    }
    await this.#settle(job, { completedAt: sql`now()`, lockedUntil: null, lastError: null });
    return 'completed';
  }

  async #fail(job: JobRow, message: string, giveUp: boolean): Promise<'retried' | 'gaveUp'> {
    if (giveUp) {
      this.#logger?.error(
        { jobId: job.id, type: job.type, attempts: job.attempts, error: message },
        'job gave up',
      );
      await this.#settle(job, { completedAt: sql`now()`, lockedUntil: null, lastError: message });
      return 'gaveUp';
    }
    const delay = retryDelayMs(job.attempts, this.#backoff);
    this.#logger?.warn(
      { jobId: job.id, type: job.type, attempts: job.attempts, retryInMs: delay, error: message },
      'job failed; will retry',
    );
    await this.#settle(job, {
      runAt: sql`now() + ${delay} * interval '1 millisecond'`,
      lockedUntil: null,
      lastError: message,
    });
    return 'retried';
  }

  /** Records an outcome, unless another worker has taken the job over meanwhile (lease expired). */
  async #settle(job: JobRow, values: PgUpdateSetSource<typeof jobs>) {
    await this.db
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
  }
}

/**
 * Runs the jobs of `queue.ts` with pg-boss: started, a `work()` poller per registered type and
 * pg-boss's maintenance (leases that ran out, archiving, deleting); `runOnce()` fetches one batch of
 * each registered type (tests, and anything that wants to drain by hand). A failure is retried with
 * pg-boss's backoff until the job's attempts are spent, then the job is `failed`. A job of a type
 * no worker registered stays queued for a worker that knows it. Handlers must be idempotent: a job
 * whose worker died mid-run is run again once its lease has expired.
 *
 * A repeat runs a registered type once per period across every worker on the database, not once
 * per worker: each worker sends the period's job with an id made from the type and the period's
 * start, and pg-boss writes a job only if no job has that id.
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { createBoss } from './boss';
import { createQueue, DEFAULT_LEASE_MS, type Job } from './queue';
import { RepeatingTask } from './repeat';

export type JobHandler = (job: Job) => Promise<void> | void;

/** The part of pino (Fastify's logger) the background work uses. */
export interface WorkLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerOptions {
  /** Jobs fetched (and run concurrently) per batch and type; default 10. */
  batchSize?: number;
  /** Lease of the jobs of the types registered here; a job running longer may be taken over. */
  leaseMs?: number;
  /** Days finished jobs are kept. */
  retentionDays?: number;
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

type Fetched = PgBoss.JobWithMetadata<Record<string, unknown>>;

export class JobWorker {
  readonly #handlers = new Map<string, JobHandler>();
  /** Repeated types: their period, and the start of the last period this worker sent. */
  readonly #repeats = new Map<string, { everyMs: number; last?: number }>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #boss: PgBoss;
  readonly #repeatLoop: RepeatingTask;
  readonly #batchSize: number;
  readonly #leaseMs: number;
  readonly #logger: WorkLogger | undefined;
  #queuesReady: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    options: JobWorkerOptions = {},
  ) {
    this.#batchSize = options.batchSize ?? 10;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#logger = options.logger;
    this.#boss = createBoss(db, { leaseMs: this.#leaseMs, retentionDays: options.retentionDays });
    this.#boss.on('error', (error) => this.#logger?.error({ err: error }, 'job queue error'));
    this.#repeatLoop = new RepeatingTask(
      async () => {
        await this.#sendRepeats();
        return false;
      },
      (error) => this.#logger?.error({ err: error }, 'enqueueing repeats failed'),
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
   * started, whichever of them sends the period first; the job's payload is `{ period }`, the
   * period's start (ISO 8601). A run that fails or is cut off is not retried: the next period runs
   * the type again.
   */
  repeat(type: string, everyMs: number): this {
    this.#repeats.set(type, { everyMs });
    return this;
  }

  async #sendRepeats() {
    const now = Date.now();
    for (const [type, repeat] of this.#repeats) {
      const start = now - (now % repeat.everyMs);
      if (repeat.last === start) continue;
      const period = new Date(start).toISOString();
      const hex = createHash('sha256').update(`${type}@${period}`).digest('hex');
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
      await this.#boss.send(type, { period }, { id, retryLimit: 0 });
      repeat.last = start;
    }
  }

  /** The queues of the registered types, with this worker's lease. */
  #ensureQueues() {
    this.#queuesReady ??= (async () => {
      for (const type of this.#handlers.keys()) await createQueue(this.db, type, this.#leaseMs);
    })();
    return this.#queuesReady;
  }

  /** Fetches one batch of due jobs of each registered type and runs it to the end. */
  runOnce(): Promise<BatchResult> {
    return this.#track(this.#runBatch());
  }

  async #runBatch(): Promise<BatchResult> {
    await this.#ensureQueues();
    const result: BatchResult = { claimed: 0, completed: 0, retried: 0, gaveUp: 0 };
    for (const type of this.#handlers.keys()) {
      const jobs = await this.#boss.fetch<Record<string, unknown>>(type, {
        batchSize: this.#batchSize,
        includeMetadata: true,
      });
      result.claimed += jobs.length;
      for (const outcome of await Promise.all(jobs.map((job) => this.#run(job)))) result[outcome] += 1;
    }
    return result;
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const forget = () => this.#inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  async #run(job: Fetched): Promise<'completed' | 'retried' | 'gaveUp'> {
    const attempts = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;
    try {
      await this.#handlers.get(job.name)!({
        id: job.id,
        type: job.name,
        payload: job.data,
        attempts,
        maxAttempts,
      });
    } catch (error) {
      const message = errorText(error);
      const giveUp = attempts >= maxAttempts;
      const log = { jobId: job.id, type: job.name, attempts, error: message };
      if (giveUp) this.#logger?.error(log, 'job gave up');
      else this.#logger?.warn(log, 'job failed; will retry');
      await this.#boss.fail(job.name, job.id, { message });
      return giveUp ? 'gaveUp' : 'retried';
    }
    await this.#boss.complete(job.name, job.id);
    return 'completed';
  }

  /** Polls each registered type every `intervalMs` (at least 500 ms, pg-boss's least). */
  async start(intervalMs: number): Promise<void> {
    await this.#ensureQueues();
    await this.#boss.start();
    const options = {
      batchSize: this.#batchSize,
      includeMetadata: true as const,
      pollingIntervalSeconds: Math.max(0.5, intervalMs / 1000),
    };
    for (const type of this.#handlers.keys()) {
      await this.#boss.work<Record<string, unknown>>(type, options, async (jobs) => {
        await this.#track(Promise.all(jobs.map((job) => this.#run(job))));
      });
    }
    this.#repeatLoop.start(intervalMs);
  }

  /** No new batches; resolves when the batches under way have finished. */
  async stop(): Promise<void> {
    await this.#repeatLoop.stop();
    await this.#boss.stop({ close: false, wait: true });
    await Promise.allSettled([...this.#inFlight]);
  }
}

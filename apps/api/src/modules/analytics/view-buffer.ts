/**
 * Deal views (DECISIONS.md, Analytics and maps: a signed-in user who does not manage the deal,
 * once per viewer and day), written off the deal page's request: the page only notes the view in
 * memory, and the buffer writes what it holds about once a second in one multi-row statement (and
 * once more when the app closes, before its database does). A failed write keeps its views for the
 * next one, so a database that is briefly away loses none.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** How long a noted view waits before it is written, at most (without errors). */
export const VIEW_FLUSH_MS = 1_000;
/** Views written per statement. */
const WRITE_BATCH = 5_000;
/** Views held while the database cannot take them; past this the oldest are dropped (and logged). */
const PENDING_MAX = 100_000;
/** Views already written today, remembered so a viewer's next visits today cost nothing. */
const WRITTEN_MAX = 100_000;

interface View {
  dealId: string;
  viewerId: string;
  day: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deal views waiting to be written (analytics/view-buffer.ts). */
    dealViews: DealViewBuffer;
  }
}

/** The UTC day of `at`, as PostgreSQL's `date` reads it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export class DealViewBuffer {
  private readonly pending = new Map<string, View>();
  /** Keys of views written on `writtenDay`. */
  private written = new Set<string>();
  private writtenDay = '';
  private timer: NodeJS.Timeout | undefined;
  /** The write in progress; writes run one after another. */
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = VIEW_FLUSH_MS,
  ) {}

  /** Notes that `viewerId` opened the deal (the caller has checked they do not manage it). */
  record(dealId: string, viewerId: string, at = new Date()): void {
    const day = utcDay(at);
    const key = `${dealId}|${day}|${viewerId}`;
    if (this.pending.has(key) || (day === this.writtenDay && this.written.has(key))) return;
    if (this.pending.size >= PENDING_MAX) {
      const oldest = this.pending.keys().next().value!;
      this.pending.delete(oldest);
      this.log.error({ pending: this.pending.size }, 'deal views: buffer full, the oldest view dropped');
    }
    this.pending.set(key, { dealId, viewerId, day });
    this.schedule();
  }

  /** Views noted and not yet written. */
  get size(): number {
    return this.pending.size;
  }

  /** Writes every view noted so far (after any write in progress); rejects if the database did. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    // The chain goes on after a failure; the caller of this flush still sees it.
    this.writing = run.catch(() => {});
    return run;
  }

  /** The last write: the app is closing. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) => {
      this.log.error({ err: error, lost: this.pending.size }, 'deal views: the last write failed');
    });
  }

  private schedule(delay = this.flushMs): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: unknown) => {
        this.log.warn({ err: error, pending: this.pending.size }, 'deal views: write failed, retrying');
      });
    }, delay);
    // A pending write never keeps a process alive that is otherwise done; close() writes it.
    this.timer.unref();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const views = [...this.pending.entries()];
    this.pending.clear();
    try {
      for (let i = 0; i < views.length; i += WRITE_BATCH) {
        await insertViews(
          this.db,
          views.slice(i, i + WRITE_BATCH).map(([, view]) => view),
        );
      }
    } catch (error) {
      // Back in front of anything noted meanwhile, for the next write (the same views, once).
      const noted = [...this.pending.entries()];
      this.pending.clear();
      for (const [key, view] of [...views, ...noted]) this.pending.set(key, view);
      this.schedule(Math.max(this.flushMs, 5_000));
      throw error;
    }
    const today = utcDay(new Date());
    if (today !== this.writtenDay || this.written.size > WRITTEN_MAX) {
      this.written = new Set();
      this.writtenDay = today;
    }
    for (const [key, view] of views) if (view.day === today) this.written.add(key);
  }
}

/**
 * One statement for a batch: the views as three arrays, each counted once per viewer and day (the
 * primary key), of deals that still exist.
 */
async function insertViews(db: Db, views: View[]): Promise<void> {
  const list = (values: string[]) => `{${values.join(',')}}`;
  await db.execute(sql`insert into deal_views (deal_id, viewer_id, day)
    select v.deal_id, v.viewer_id, v.day
    from unnest(${list(views.map((v) => v.dealId))}::uuid[], ${list(views.map((v) => v.viewerId))}::uuid[],
      ${list(views.map((v) => v.day))}::date[]) as v(deal_id, viewer_id, day)
    where exists (select 1 from deals d where d.id = v.deal_id)
    on conflict do nothing`);
}

/**
 * The app's view buffer (`app.dealViews`), written when the app closes: this hook is added after
 * the database's, and Fastify runs the later-added onClose hooks first.
 */
export function registerDealViews(app: FastifyInstance): void {
  const buffer = new DealViewBuffer(app.database.db, app.log);
  app.decorate('dealViews', buffer);
  app.addHook('onClose', async () => {
    await buffer.close();
  });
}

/**
 * The alert fan-out of one deal (DECISIONS.md, Matching and alerts; Deals: Exclusive): one
 * `deal_alerts` row per buyer it now alerts, due when that buyer's frequency says (schedule.ts).
 *
 * - exclusive: its priority buyers (certified, and their preferences or buy box match), due at once
 *   whatever their frequency;
 * - active: every matching buyer by their own search frequency, then the buyers whose saved search
 *   matches it, by that search's frequency.
 *
 * Buyers come a page at a time from SQL (matching/fan-out.ts); nothing loads them all. The unique
 * (user, deal) key with ON CONFLICT makes a buyer's first alert for a deal the only one (a waiting
 * one is only brought forward when another source wants it sooner):
 * a retried job, two workers at once, the window's end after the priority alerts, or a saved search
 * after the preferences never alert a buyer twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows, type Db } from '../../db/client';
import { deals } from '../../db/schema';
import type { Job } from '../jobs';
import { matchingBuyers } from '../matching';
import { savedSearchesMatchingDeal } from '../saved-searches';
import { nextDigestAt, nextWeeklyAt } from './schedule';
import type { DealRow } from '../../db/rows';

interface NewAlert {
  userId: string;
  score: number;
  /** priority, or a saved search's own frequency; null: the buyer's search frequency. */
  frequency: 'priority' | 'realtime' | 'daily' | 'weekly' | null;
  savedSearchId: string | null;
}

export interface FanOutOptions {
  now?: Date;
  /** `DIGEST_HOUR` (UTC). */
  digestHour: number;
}

/** Inserts one page of alerts; returns how many were new. */
async function insertAlerts(db: Db, deal: DealRow, alerts: NewAlert[], now: Date, digestHour: number) {
  if (!alerts.length) return 0;
  const rows = JSON.stringify(
    alerts.map((a) => ({
      user_id: a.userId,
      score: a.score,
      frequency: a.frequency,
      saved_search_id: a.savedSearchId,
    })),
  );
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const inserted = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into deal_alerts (user_id, deal_id, score, frequency, saved_search_id, due_at)
      select u.id, ${deal.id}::uuid, x.score, f.frequency, x.saved_search_id,
        case f.frequency when 'daily' then ${at(nextDigestAt(now, digestHour))}
          when 'weekly' then ${at(nextWeeklyAt(now, digestHour))} else ${at(now)} end
      from jsonb_to_recordset(${rows}::jsonb)
        as x(user_id uuid, score integer, frequency text, saved_search_id uuid)
      join users u on u.id = x.user_id
      cross join lateral (select coalesce(x.frequency,
        case when u.search_frequency in ('daily', 'weekly') then u.search_frequency else 'realtime' end)
        as frequency) f
      where u.is_active and u.id <> ${deal.originatorId}::uuid
      -- Once per buyer and deal; a waiting alert is brought forward when a later source of the same
      -- fan-out (a real-time saved search of a weekly buyer) wants it sooner.
      on conflict (user_id, deal_id) do update set frequency = excluded.frequency,
        due_at = excluded.due_at, saved_search_id = excluded.saved_search_id
        where deal_alerts.status = 'pending' and excluded.due_at < deal_alerts.due_at
      returning (xmax = 0) as inserted`,
  );
  return inserted.filter((row) => row.inserted).length;
}

/** Alerts the buyers `deal` is now visible to (see above); returns how many alerts were new. */
export async function fanOutAlerts(db: Db, dealId: string, options: FanOutOptions): Promise<number> {
  const now = options.now ?? new Date();
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  if (!deal || (deal.status !== 'active' && deal.status !== 'exclusive')) return 0;
  const exclusive = deal.status === 'exclusive';
  let alerted = 0;
  for await (const page of matchingBuyers(db, deal, { certifiedOnly: exclusive })) {
    const alerts = page.map((buyer): NewAlert => ({
      userId: buyer.id,
      score: buyer.match.score,
      frequency: exclusive ? 'priority' : null,
      savedSearchId: null,
    }));
    alerted += await insertAlerts(db, deal, alerts, now, options.digestHour);
  }
  // A saved search is not a priority audience: it alerts once the deal is active.
  if (!exclusive) {
    for await (const page of savedSearchesMatchingDeal(db, deal)) {
      const alerts = page.map((hit): NewAlert => ({
        userId: hit.userId,
        score: hit.score,
        frequency: hit.frequency,
        savedSearchId: hit.savedSearchId,
      }));
      alerted += await insertAlerts(db, deal, alerts, now, options.digestHour);
    }
  }
  return alerted;
}

/** The `alerts.fan-out` job: `{ dealId }`. */
export function alertFanOutHandler(
  db: Db,
  config: Pick<Config, 'alerts'>,
  clock: () => Date = () => new Date(),
) {
  return async (job: Job) => {
    const { dealId } = job.payload as { dealId?: string };
    if (typeof dealId !== 'string') return;
    await fanOutAlerts(db, dealId, { now: clock(), digestHour: config.alerts.digestHour });
  };
}

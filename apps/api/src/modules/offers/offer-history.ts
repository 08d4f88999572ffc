/**
 * An offer's history and counters as the offer calls answer with them (DECISIONS.md, Trust on
 * creative terms): one `offer_events` row per step, written in the transaction of the step, and
 * each offer's latest counter. Both sides see both; neither names the deal, so no address can leak.
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  counterStatusAt,
  type OfferCounter,
  type OfferEvent,
  type OfferEventKind,
  type OfferTrail,
} from '@dealclub/shared/counter-rules';
import type { Db } from '../../db/client';
import { outerRef, rowFromJsonOrNull, rowsFromJson } from '../../db/json-rows';
import { prepareNamed } from '../../db/prepared';
import { offerCounters, offerEvents } from '../../db/schema';

export type CounterRow = typeof offerCounters.$inferSelect;
type EventRow = typeof offerEvents.$inferSelect;

/** The terms a step names: the offer's own, or a counter's. */
export interface StepTerms {
  purchasePrice: number | null;
  entryFee: number | null;
  estimatedCloseDate: string | null;
  message?: string;
}

type StepExtra = { counterId?: string | null; terms?: StepTerms; at?: Date };

/** The `offer_events` row of one step of `offerId`. */
export function offerEventValues(
  offerId: string,
  kind: OfferEventKind,
  actorId: string | null,
  extra: StepExtra = {},
) {
  const { terms } = extra;
  return {
    offerId,
    kind,
    actorId,
    counterId: extra.counterId ?? null,
    purchasePrice: terms?.purchasePrice ?? null,
    entryFee: terms?.entryFee ?? null,
    estimatedCloseDate: terms?.estimatedCloseDate ?? null,
    message: terms?.message ?? '',
    ...(extra.at ? { createdAt: extra.at } : {}),
  };
}

/** Records one step of each of `offerIds` (none when the list is empty). */
export async function recordOfferEvents(
  db: Db,
  offerIds: readonly string[],
  kind: OfferEventKind,
  actorId: string | null,
  extra: StepExtra = {},
): Promise<void> {
  if (!offerIds.length) return;
  await db
    .insert(offerEvents)
    .values(offerIds.map((offerId) => offerEventValues(offerId, kind, actorId, extra)));
}

/**
 * The update closing the open counters of `offerIds` — a list, or a subquery naming them (a CTE of
 * the caller's statement) — as a statement to run or to embed.
 */
export function supersedeOpenCountersUpdate(db: Db, offerIds: readonly string[] | SQLWrapper, now: Date) {
  return db
    .update(offerCounters)
    .set({ status: 'superseded', decidedAt: now })
    .where(
      and(
        inArray(offerCounters.offerId, Array.isArray(offerIds) ? [...offerIds] : (offerIds as SQLWrapper)),
        eq(offerCounters.status, 'open'),
      ),
    );
}

/**
 * Closes the open counters of offers that moved on without them (replaced, accepted as they were,
 * declined): a counter can only be taken while its offer is open.
 */
export async function supersedeOpenCounters(db: Db, offerIds: readonly string[], now = new Date()) {
  if (!offerIds.length) return;
  await supersedeOpenCountersUpdate(db, offerIds, now);
}

export function counterOf(row: CounterRow, now = new Date()): OfferCounter {
  return {
    id: row.id,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    estimatedCloseDate: row.estimatedCloseDate,
    message: row.message,
    status: counterStatusAt(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function eventOf(row: EventRow, buyerId: string): OfferEvent {
  return {
    id: row.id,
    kind: row.kind as OfferEvent['kind'],
    actor: row.actorId === null ? 'system' : row.actorId === buyerId ? 'buyer' : 'seller',
    counterId: row.counterId,
    purchasePrice: row.purchasePrice,
    entryFee: row.entryFee,
    estimatedCloseDate: row.estimatedCloseDate,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * SQL: the latest counter of the offer `offerId` (a column or expression of the enclosing query) as
 * JSON, null without one. With {@link eventsSql}, a statement that reads offers carries their trails
 * in the same round trip; {@link trailFromJson} reads them back.
 */
export function latestCounterSql(offerId: SQLWrapper): SQL<Record<string, unknown> | null> {
  return sql`(select to_json(c) from ${offerCounters} c where c.offer_id = ${outerRef(offerId)} order by c.created_at desc, c.id desc limit 1)`;
}

/** SQL: the history of the offer `offerId`, oldest step first, as a JSON array. */
export function eventsSql(offerId: SQLWrapper): SQL<Record<string, unknown>[]> {
  return sql`(select coalesce(json_agg(to_json(e) order by e.created_at, e.id), '[]'::json) from ${offerEvents} e where e.offer_id = ${outerRef(offerId)})`;
}

/** An offer's trail from the JSON of {@link latestCounterSql} and {@link eventsSql}. */
export function trailFromJson(
  buyerId: string,
  counter: Record<string, unknown> | null,
  events: Record<string, unknown>[] | null,
  now = new Date(),
): OfferTrail {
  const latest = rowFromJsonOrNull(offerCounters, counter);
  return {
    counter: latest ? counterOf(latest, now) : null,
    history: rowsFromJson(offerEvents, events).map((event) => eventOf(event, buyerId)),
  };
}

/** Each offer's latest counter and its history (oldest step first), by offer id: one statement. */
export async function trailsOf(
  db: Db,
  list: readonly { id: string; buyerId: string }[],
  now = new Date(),
): Promise<Map<string, OfferTrail>> {
  const trails = new Map<string, OfferTrail>();
  if (!list.length) return trails;
  let prepared = trailQueries.get(db);
  if (!prepared) trailQueries.set(db, (prepared = prepareTrails(db)));
  const rows = await prepared.execute({ ids: list.map((o) => o.id) });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const offer of list) {
    const row = byId.get(offer.id);
    trails.set(offer.id, trailFromJson(offer.buyerId, row?.counter ?? null, row?.events ?? null, now));
  }
  return trails;
}

/** The trails of a list of offers, prepared once per database handle. */
const trailQueries = new WeakMap<Db, ReturnType<typeof prepareTrails>>();
function prepareTrails(db: Db) {
  const id = sql.raw('o.id');
  return prepareNamed(
    'offer_trails',
    db
      .select({ id: sql<string>`o.id`, counter: latestCounterSql(id), events: eventsSql(id) })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as o(id)`),
  );
}

/** One offer's trail (the answer of a counter call, the deal page's own offer). */
export async function trailOf(db: Db, offer: { id: string; buyerId: string }, now = new Date()) {
  return (await trailsOf(db, [offer], now)).get(offer.id)!;
}

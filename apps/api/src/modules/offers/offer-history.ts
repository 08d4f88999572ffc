/**
 * An offer's history and counters as the offer calls answer with them (DECISIONS.md, Trust on
 * creative terms): one `offer_events` row per step, written in the transaction of the step, and
 * each offer's latest counter. Both sides see both; neither names the deal, so no address can leak.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  counterStatusAt,
  type OfferCounter,
  type OfferEvent,
  type OfferEventKind,
  type OfferTrail,
} from '@dealclub/shared/counter-rules';
import type { Db } from '../../db/client';
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

/** Records one step of each of `offerIds` (none when the list is empty). */
export async function recordOfferEvents(
  db: Db,
  offerIds: readonly string[],
  kind: OfferEventKind,
  actorId: string | null,
  extra: { counterId?: string | null; terms?: StepTerms; at?: Date } = {},
): Promise<void> {
  if (!offerIds.length) return;
  const { terms } = extra;
  await db.insert(offerEvents).values(
    offerIds.map((offerId) => ({
      offerId,
      kind,
      actorId,
      counterId: extra.counterId ?? null,
      purchasePrice: terms?.purchasePrice ?? null,
      entryFee: terms?.entryFee ?? null,
      estimatedCloseDate: terms?.estimatedCloseDate ?? null,
      message: terms?.message ?? '',
      ...(extra.at ? { createdAt: extra.at } : {}),
    })),
  );
}

/**
 * Closes the open counters of offers that moved on without them (replaced, accepted as they were,
 * declined): a counter can only be taken while its offer is open.
 */
export async function supersedeOpenCounters(db: Db, offerIds: readonly string[], now = new Date()) {
  if (!offerIds.length) return;
  await db
    .update(offerCounters)
    .set({ status: 'superseded', decidedAt: now })
    .where(and(inArray(offerCounters.offerId, [...offerIds]), eq(offerCounters.status, 'open')));
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

/** Each offer's latest counter and its history (oldest step first), by offer id. */
export async function trailsOf(
  db: Db,
  list: readonly { id: string; buyerId: string }[],
  now = new Date(),
): Promise<Map<string, OfferTrail>> {
  const trails = new Map<string, OfferTrail>(list.map((o) => [o.id, { counter: null, history: [] }]));
  if (!list.length) return trails;
  const ids = list.map((o) => o.id);
  const buyers = new Map(list.map((o) => [o.id, o.buyerId]));
  const [latest, events] = await Promise.all([
    db
      .selectDistinctOn([offerCounters.offerId])
      .from(offerCounters)
      .where(inArray(offerCounters.offerId, ids))
      .orderBy(offerCounters.offerId, desc(offerCounters.createdAt), desc(offerCounters.id)),
    db
      .select()
      .from(offerEvents)
      .where(inArray(offerEvents.offerId, ids))
      .orderBy(asc(offerEvents.createdAt), asc(offerEvents.id)),
  ]);
  for (const counter of latest) trails.get(counter.offerId)!.counter = counterOf(counter, now);
  for (const event of events) {
    trails.get(event.offerId)!.history.push(eventOf(event, buyers.get(event.offerId)!));
  }
  return trails;
}

/** One offer's trail (the answer of a counter call, the deal page's own offer). */
export async function trailOf(db: Db, offer: { id: string; buyerId: string }, now = new Date()) {
  return (await trailsOf(db, [offer], now)).get(offer.id)!;
}

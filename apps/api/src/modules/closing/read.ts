/**
 * Reading a closing room (API.md closing room): the room of a deal its reader is a member of — the
 * seller, the buyer of its accepted offer, an admin — with its milestones, documents, backups and
 * timeline, in one statement. A deal can have several rooms (a fall-through ends one, a promoted
 * backup opens the next): a reader gets the open one, else their latest. Anyone else: none (404).
 */
import { sql } from 'drizzle-orm';
import {
  type ClosedThroughDealClub,
  type ClosingKind,
  type ClosingParty,
  type ClosingRole,
  type ClosingRoom,
  type ClosingStatus,
  type ClosingSummary,
  type ClosingTimelineEntry,
  isoDay,
  milestoneTitle,
} from '@dealclub/shared/closing';
import { streetWithUnit } from '@dealclub/shared/deal-rules';
import { type Db, queryRows } from '../../db/client';
import { prepareNamed } from '../../db/prepared';

export interface RoomReader {
  id: string;
  isAdmin: boolean;
  /** The room a call names (see rooms.ts `Reader`). */
  roomId?: string;
}

interface MilestoneJson {
  key: string;
  party: ClosingParty;
  dueDate: string;
  done: boolean;
  doneAt: string | null;
  doneBy: string | null;
  doneByName: string | null;
  note: string;
  version: number;
}

interface RoomRecord {
  id: string;
  deal_id: string;
  offer_id: string;
  buyer_id: string;
  seller_id: string;
  status: ClosingStatus;
  kind: ClosingKind | null;
  opened_at: string | Date;
  close_date: string;
  proposed_close_date: string | null;
  proposed_by: string | null;
  proposed_at: string | Date | null;
  ended_at: string | Date | null;
  end_reason: string | null;
  days_to_close: number | null;
  deal_status: string;
  purchase_type: string | null;
  street_address: string;
  unit: string | null;
  city: string;
  state: string;
  zip_code: string;
  seller_name: string;
  buyer_name: string;
  offer_type: string;
  purchase_price: number | null;
  entry_fee: number | null;
  estimated_close_date: string;
  milestones: MilestoneJson[] | null;
  documents:
    { id: string; key: string; name: string; size: number; contentType: string; uploadedAt: string }[] | null;
  timeline:
    | {
        at: string;
        actor: string | null;
        actorName: string | null;
        event: ClosingTimelineEntry['event'];
        detail: ClosingTimelineEntry['detail'];
      }[]
    | null;
  backups: { offerId: string; rank: number; buyerName: string }[] | null;
  timeline_total: number;
}

/** The newest events a room's answer carries (a real room has tens; `timelineTotal` counts all). */
export const TIMELINE_SHOWN = 200;

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** The SQL that picks the reader's room of a deal: the open one first, then the latest. */
export function memberRoomSql(dealId: string, reader: RoomReader) {
  return memberRoomOf(dealId, reader.id, reader.isAdmin, reader.roomId ?? null);
}

/** The same with its values given as parameters or placeholders (the prepared page's). */
function memberRoomOf(deal: unknown, viewer: unknown, admin: unknown, room: unknown) {
  return sql`select r.* from closing_rooms r
    where r.deal_id = ${deal}::uuid
      and (${room}::uuid is null or r.id = ${room}::uuid)
      and (${admin}::boolean or r.seller_id = ${viewer}::uuid or r.buyer_id = ${viewer}::uuid)
    order by (r.status = 'open') desc, r.opened_at desc
    limit 1`;
}

/** What the reader is in the room: a party, else (being a member) an admin. */
export function roleIn(room: { seller_id: string; buyer_id: string }, userId: string): ClosingRole {
  if (room.seller_id === userId) return 'seller';
  if (room.buyer_id === userId) return 'buyer';
  return 'admin';
}

/**
 * The statement of a room's page: the reader's room (as {@link memberRoomSql} picks it) with its
 * deal, parties and offer, and its milestones, documents, newest events and backups as JSON; one
 * row as JSON. Prepared once per database handle (built once, planned once per connection).
 */
function prepareRoomRead(db: Db) {
  const deal = sql.placeholder('deal');
  const viewer = sql.placeholder('viewer');
  const admin = sql.placeholder('admin');
  const room = sql.placeholder('room');
  const inner = sql`with r as (${memberRoomOf(deal, viewer, admin, room)})
    select r.*, d.status as deal_status, d.purchase_type, d.street_address, d.unit, d.city, d.state,
      d.zip_code,
      s.first_name || ' ' || s.last_name as seller_name,
      b.first_name || ' ' || b.last_name as buyer_name,
      o.type as offer_type, o.purchase_price, o.entry_fee, o.estimated_close_date,
      (select json_agg(json_build_object('key', m.key, 'party', m.party, 'dueDate', m.due_date,
          'done', m.done, 'doneAt', m.done_at, 'doneBy', m.done_by,
          'doneByName', u.first_name || ' ' || u.last_name, 'note', m.note, 'version', m.version)
          order by m.position)
        from closing_milestones m left join users u on u.id = m.done_by
        where m.room_id = r.id) as milestones,
      (select json_agg(json_build_object('id', doc.id, 'key', doc.milestone_key, 'name', doc.name,
          'size', doc.size_bytes, 'contentType', doc.content_type, 'uploadedAt', doc.uploaded_at)
          order by doc.uploaded_at, doc.id)
        from closing_documents doc where doc.room_id = r.id) as documents,
      (select json_agg(json_build_object('at', e.at, 'actor', e.actor_id,
          'actorName', u.first_name || ' ' || u.last_name, 'event', e.event, 'detail', e.detail)
          order by e.id)
        from (select * from closing_events where room_id = r.id
          order by id desc limit ${sql.raw(String(TIMELINE_SHOWN))}) e
          left join users u on u.id = e.actor_id) as timeline,
      (select count(*)::int from closing_events where room_id = r.id) as timeline_total,
      (select json_agg(json_build_object('offerId', x.id, 'rank', x.rank,
          'buyerName', u.first_name || ' ' || u.last_name) order by x.rank)
        from unnest(r.backup_offer_ids) with ordinality as x(id, rank)
          join offers bo on bo.id = x.id join users u on u.id = bo.buyer_id) as backups
    from r
      join deals d on d.id = r.deal_id
      join users s on s.id = r.seller_id
      join users b on b.id = r.buyer_id
      join offers o on o.id = r.offer_id`;
  const query = db.select({ room: sql<RoomRecord>`row_to_json(x)` }).from(sql`(${inner}) as x`);
  return prepareNamed('closing_room', query);
}

const roomQueries = new WeakMap<Db, ReturnType<typeof prepareRoomRead>>();

/** The reader's room of `dealId` as the API answers it, or null when they are not a member. */
export async function readRoom(
  db: Db,
  dealId: string,
  reader: RoomReader,
  language: string,
  now = new Date(),
): Promise<ClosingRoom | null> {
  let prepared = roomQueries.get(db);
  if (!prepared) {
    prepared = prepareRoomRead(db);
    roomQueries.set(db, prepared);
  }
  const [found] = await prepared.execute({
    deal: dealId,
    viewer: reader.id,
    admin: reader.isAdmin,
    room: reader.roomId ?? null,
  });
  const row = found?.room;
  if (!row) return null;
  const role = roleIn(row, reader.id);
  const today = isoDay(now);
  const documents = row.documents ?? [];
  const proposer =
    row.proposed_by === null
      ? null
      : row.proposed_by === row.seller_id
        ? 'seller'
        : row.proposed_by === row.buyer_id
          ? 'buyer'
          : 'admin';
  return {
    id: row.id,
    dealId: row.deal_id,
    offerId: row.offer_id,
    status: row.status,
    kind: row.kind,
    openedAt: iso(row.opened_at),
    closeDate: row.close_date,
    proposedCloseDate:
      row.proposed_close_date && proposer && row.proposed_at
        ? { closeDate: row.proposed_close_date, by: proposer, at: iso(row.proposed_at) }
        : null,
    endedAt: isoOrNull(row.ended_at),
    endReason: row.end_reason,
    daysToClose: row.days_to_close,
    role,
    deal: {
      id: row.deal_id,
      status: row.deal_status,
      purchaseType: row.purchase_type,
      address: `${streetWithUnit(row.street_address, row.unit)}, ${row.city}, ${row.state} ${row.zip_code}`,
    },
    seller: { id: row.seller_id, name: row.seller_name },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    offer: {
      id: row.offer_id,
      type: row.offer_type,
      purchasePrice: row.purchase_price,
      entryFee: row.entry_fee,
      estimatedCloseDate: row.estimated_close_date,
    },
    milestones: (row.milestones ?? []).map((m) => ({
      key: m.key,
      title: milestoneTitle(m.key, language),
      party: m.party,
      dueDate: m.dueDate,
      done: m.done,
      doneAt: m.doneAt === null ? null : iso(m.doneAt),
      doneBy: m.doneBy,
      doneByName: m.doneBy === null ? null : m.doneByName,
      note: m.note,
      overdue: row.status === 'open' && !m.done && m.dueDate < today,
      version: m.version,
      documents: documents
        .filter((d) => d.key === m.key)
        .map((d) => ({
          id: d.id,
          name: d.name,
          size: d.size,
          contentType: d.contentType,
          uploadedAt: iso(d.uploadedAt),
        })),
    })),
    // Who the other buyers are is the seller's business (and an admin's), not the winning buyer's.
    backups: (row.backups ?? []).map((b) =>
      role === 'buyer' ? { offerId: b.offerId, rank: Number(b.rank) } : { ...b, rank: Number(b.rank) },
    ),
    timelineTotal: row.timeline_total,
    // How many other buyers are lined up is not the winning buyer's business either.
    timeline: (row.timeline ?? [])
      .filter((e) => role !== 'buyer' || e.event !== 'backups_set')
      .map((e) => ({
        at: iso(e.at),
        actor: e.actor,
        actorName: e.actor === null ? null : e.actorName,
        event: e.event,
        detail: e.detail ?? {},
      })),
  };
}

/**
 * The dashboard's rooms (API.md analytics): the open rooms where `userId` is the seller ('In
 * closing') or the buyer ('Under contract'), with their progress, overdue count and next milestone.
 */
export async function closingSummaries(
  db: Db,
  userId: string,
  side: 'seller' | 'buyer',
  language: string,
  now = new Date(),
): Promise<ClosingSummary[]> {
  const today = isoDay(now);
  const column = side === 'seller' ? sql`r.seller_id` : sql`r.buyer_id`;
  const rows = await queryRows<{
    deal_id: string;
    street_address: string;
    unit: string | null;
    city: string;
    state: string;
    zip_code: string;
    close_date: string;
    done: number;
    total: number;
    overdue: number;
    next: { key: string; dueDate: string; party: ClosingParty } | null;
  }>(
    db,
    sql`select r.deal_id, d.street_address, d.unit, d.city, d.state, d.zip_code, r.close_date::text as close_date,
        (select count(*)::int from closing_milestones m where m.room_id = r.id and m.done) as done,
        (select count(*)::int from closing_milestones m where m.room_id = r.id) as total,
        (select count(*)::int from closing_milestones m
          where m.room_id = r.id and not m.done and m.due_date < ${today}::date) as overdue,
        (select json_build_object('key', m.key, 'dueDate', m.due_date, 'party', m.party)
          from closing_milestones m where m.room_id = r.id and not m.done
          order by m.due_date, m.position limit 1) as next
      from closing_rooms r join deals d on d.id = r.deal_id
      where ${column} = ${userId}::uuid and r.status = 'open'
      order by r.close_date, r.opened_at`,
  );
  return rows.map((r) => ({
    dealId: r.deal_id,
    address: `${streetWithUnit(r.street_address, r.unit)}, ${r.city}, ${r.state} ${r.zip_code}`,
    closeDate: r.close_date,
    done: r.done,
    total: r.total,
    overdue: r.overdue,
    next: r.next ? { ...r.next, title: milestoneTitle(r.next.key, language) } : null,
  }));
}

/** The seller's deals closed through DealClub and their median days from acceptance to close. */
export async function closedThroughDealClub(db: Db, sellerId: string): Promise<ClosedThroughDealClub> {
  const [row] = await queryRows<{ count: number; median: number | null }>(
    db,
    sql`select count(*)::int as count,
        percentile_cont(0.5) within group (order by days_to_close)::float8 as median
      from closing_rooms where seller_id = ${sellerId}::uuid and status = 'closed' and days_to_close is not null`,
  );
  return { count: row?.count ?? 0, medianDaysToClose: row?.median ?? null };
}

/**
 * What the reader is in their room of `dealId`, or null when they are no member of one: the check
 * a step makes before it reads what the reader sent (who may act comes before the body).
 */
export async function memberRoleOf(db: Db, dealId: string, reader: RoomReader): Promise<ClosingRole | null> {
  const [row] = await queryRows<{ seller_id: string; buyer_id: string }>(db, memberRoomSql(dealId, reader));
  return row ? roleIn(row, reader.id) : null;
}

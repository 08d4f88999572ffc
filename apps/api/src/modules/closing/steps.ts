/**
 * The steps on a room's milestones (DECISIONS.md, The closing room): ticking one off (or back on,
 * with a reason) and its documents. Only the responsible party or an admin ticks; every member may
 * add a document and read one. Each step goes into the room's timeline.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { CLOSING_DOCUMENTS_PER_MILESTONE, type ClosingRole } from '@dealclub/shared/closing';
import { type Db, queryRows } from '../../db/client';
import { closingDocuments, closingMilestones } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { memberRoomSql, roleIn } from './read';
import { lockOpenRoom, recordEvent, type Reader, type RoomRow } from './rooms';

export interface Tick {
  done: boolean;
  note?: string;
  /** The milestone's version the page showed; a newer one refuses the tick. */
  version?: number;
}

interface TickRecord {
  room_id: string;
  status: string;
  seller_id: string;
  buyer_id: string;
  party: string | null;
  version: number | null;
  updated: boolean;
  unchanged: boolean;
}

/**
 * Ticks (or unticks) milestone `key` of the reader's open room of `dealId`, in one statement: the
 * room is share-locked (a closing or a fall-through waits for it, and it for them), the milestone
 * changes only if the reader may tick it and its version is the one they saw, and the step goes
 * into the timeline. A tick that asks for what is already there (a double click, a retry) writes
 * nothing. Refusals are told apart from what the statement read.
 */
export async function tickMilestone(
  db: Db,
  dealId: string,
  key: string,
  reader: Reader,
  tick: Tick,
  audit?: (tx: Db, room: { id: string; sellerId: string; buyerId: string }) => Promise<void>,
): Promise<TickResult> {
  // A party's tick is its one statement; an admin's commits with its audit.
  if (!audit || !reader.isAdmin) return tickStatement(db, dealId, key, reader, tick);
  return db.transaction(async (tx) => {
    const done = await tickStatement(tx, dealId, key, reader, tick);
    const [sellerId, buyerId] = done.members;
    if (done.changed) await audit(tx, { id: done.roomId, sellerId: sellerId!, buyerId: buyerId! });
    return done;
  });
}

interface TickResult {
  roomId: string;
  members: string[];
  role: ClosingRole;
  changed: boolean;
}

async function tickStatement(
  db: Db,
  dealId: string,
  key: string,
  reader: Reader,
  tick: Tick,
): Promise<TickResult> {
  // Without a note, a tick keeps the one there; an untick needs its reason.
  const note = tick.note === undefined ? null : tick.note.trim();
  if (!tick.done && !note) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      fieldError('note', 'closing.validation.untickReason'),
    ]);
  }
  const version = tick.version ?? null;
  // The version, done and note conditions are on the row being updated (`m`), not on the
  // statement's snapshot (`cur`): when two ticks race, the second is checked again against the
  // first one's row once it commits, so a stale tick never undoes a newer one.
  const [row] = await queryRows<TickRecord>(
    db,
    sql`with r as (${memberRoomSql(dealId, reader)} for share),
    cur as (select m.* from closing_milestones m join r on m.room_id = r.id where m.key = ${key}),
    upd as (
      update closing_milestones m set
        done = ${tick.done}::boolean,
        done_at = case when ${tick.done}::boolean then now() else null end,
        done_by = case when ${tick.done}::boolean then ${reader.id}::uuid else null end,
        note = coalesce(${note}::text, m.note),
        version = m.version + 1
      from cur, r
      where m.room_id = cur.room_id and m.key = cur.key and r.status = 'open'
        and (m.done <> ${tick.done}::boolean or m.note <> coalesce(${note}::text, m.note))
        and (${version}::int is null or m.version = ${version}::int)
        and (${reader.isAdmin}::boolean or cur.party = 'both'
          or (cur.party = 'seller' and r.seller_id = ${reader.id}::uuid)
          or (cur.party = 'buyer' and r.buyer_id = ${reader.id}::uuid))
      returning m.room_id, m.key, m.done, m.note
    ),
    ev as (
      insert into closing_events (room_id, actor_id, event, detail)
      select upd.room_id, ${reader.id}::uuid, case when upd.done then 'ticked' else 'unticked' end,
        jsonb_build_object('key', upd.key, 'note', upd.note)
      from upd
      returning id
    )
    select r.id as room_id, r.status, r.seller_id, r.buyer_id, cur.party, cur.version,
      exists (select 1 from ev) as updated,
      coalesce(cur.done = ${tick.done}::boolean and cur.note = coalesce(${note}::text, cur.note), false) as unchanged
    from r left join cur on true`,
  );
  if (!row) throw new AppError('CLOSING_NOT_FOUND');
  const result = {
    roomId: row.room_id,
    members: [row.seller_id, row.buyer_id],
    role: roleIn(row, reader.id),
    changed: true,
  };
  if (row.updated) return result;
  if (row.status !== 'open') throw new AppError('CLOSING_NOT_OPEN');
  if (row.party === null) throw new AppError('MILESTONE_NOT_FOUND');
  const role = roleIn(row, reader.id);
  if (!reader.isAdmin && row.party !== 'both' && row.party !== role)
    throw new AppError('MILESTONE_PARTY_ONLY');
  // Already as asked (a double click, a retry): nothing to write, nothing to tell.
  if (row.unchanged) return { ...result, changed: false };
  throw new AppError('MILESTONE_CHANGED');
}

export interface NewDocument {
  fileKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Records a document already written to private storage on milestone `key`; refused (and the
 * caller deletes the file) when the room is not open, the milestone is not there or holds 10.
 */
export async function addDocument(
  db: Db,
  dealId: string,
  key: string,
  reader: Reader,
  document: NewDocument,
  audit?: (tx: Db, room: RoomRow) => Promise<void>,
): Promise<{ id: string; roomId: string; members: string[] }> {
  return db.transaction(async (tx) => {
    const room = await lockOpenRoom(tx, dealId, reader);
    const [milestone] = await tx
      .select({ key: closingMilestones.key })
      .from(closingMilestones)
      .where(and(eq(closingMilestones.roomId, room.id), eq(closingMilestones.key, key)));
    if (!milestone) throw new AppError('MILESTONE_NOT_FOUND');
    const [held] = await tx
      .select({ n: count() })
      .from(closingDocuments)
      .where(and(eq(closingDocuments.roomId, room.id), eq(closingDocuments.milestoneKey, key)));
    if ((held?.n ?? 0) >= CLOSING_DOCUMENTS_PER_MILESTONE) throw new AppError('CLOSING_DOCUMENT_LIMIT');
    const [row] = await tx
      .insert(closingDocuments)
      .values({ roomId: room.id, milestoneKey: key, uploadedBy: reader.id, ...document })
      .returning({ id: closingDocuments.id });
    await recordEvent(tx, room.id, reader.id, 'document_uploaded', {
      key,
      name: document.name,
      size: document.sizeBytes,
    });
    await audit?.(tx, room);
    return { id: row!.id, roomId: room.id, members: [room.sellerId, room.buyerId] };
  });
}

/** A document of a room the reader is a member of (any of the deal's rooms they were in). */
export async function documentFor(db: Db, dealId: string, documentId: string, reader: Reader) {
  const [row] = await queryRows<{
    file_key: string;
    name: string;
    content_type: string;
  }>(
    db,
    sql`select doc.file_key, doc.name, doc.content_type
      from closing_documents doc join closing_rooms r on r.id = doc.room_id
      where doc.id = ${documentId} and r.deal_id = ${dealId}
        and (${reader.isAdmin}::boolean or r.seller_id = ${reader.id}::uuid or r.buyer_id = ${reader.id}::uuid)`,
  );
  if (!row) throw new AppError('CLOSING_DOCUMENT_NOT_FOUND');
  return { fileKey: row.file_key, name: row.name, contentType: row.content_type };
}

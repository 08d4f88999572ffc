/**
 * The closing room (API.md closing room; DECISIONS.md, The closing room): opened by an acceptance,
 * seen by its members only, ticked by the responsible party, its documents private, the close date
 * moved by both parties, backups promoted when the contract ends, and the deal closed through the
 * platform once every milestone is done. Every group but the demo's also runs on a PostgreSQL server
 * (tag `server`): the room is read and ticked in single statements whose locking the server tests.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addBusinessDays, addDays, isoDay, milestonesFor } from '@dealclub/shared/closing';
import type { DealInput } from '@dealclub/shared/deals';
import {
  adminAudit,
  chatNotifications,
  closingMilestones,
  closingRooms,
  dealStatusHistory,
  deals,
  favorites,
  offers,
  outbox,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { runSeeds } from '../../db/seed';
import { createTestApp } from '../../test/app';
import { callAs, createUser, signIn, type Method, type TestUser } from '../../test/auth';
import { demoDealsSeed } from '../deals';
import { DEMO_PASSWORD, demoAccountsSeed } from '../identity';
import { demoProfilesSeed } from '../profile';
import { closingBackfillSeed, demoClosingSeed } from './demo';
import { cashDeal, listDeal } from '../../test/deals';
import { multipartFile, PNG_1PX } from '../../test/multipart';
import { sendClosingReminders } from './reminders';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const today = () => isoDay(new Date());
const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  callAs(app, user, method, url, payload);

async function offered(buyer: TestUser, dealId: string, closeInDays = 30) {
  const res = await send(buyer, 'POST', `/api/deals/${dealId}/offers`, {
    type: 'cash',
    purchasePrice: 300000,
    estimatedCloseDate: addDays(today(), closeInDays),
    message: 'Cash, quick close.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

async function accepted(seller: TestUser, offerId: string) {
  const res = await send(seller, 'POST', `/api/offers/${offerId}/accept`);
  expect(res.statusCode, res.body).toBe(200);
}

/** A seller's cash deal with the buyer's offer accepted: its room is open. */
async function setup(deal: DealInput = cashDeal()) {
  app = await createTestApp();
  const [seller, buyer, admin, stranger, otherSeller] = await Promise.all([
    createUser(app, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' }),
    createUser(app, { roles: ['buyer'], firstName: 'Ana', lastName: 'Buyer' }),
    createUser(app, { roles: ['admin'] }),
    createUser(app, { roles: ['buyer'] }),
    createUser(app, { roles: ['originator'] }),
  ]);
  const listed = await listDeal(app, seller, deal);
  const offer = await offered(buyer, listed.id);
  await accepted(seller, offer.id);
  return { seller, buyer, admin, stranger, otherSeller, dealId: listed.id as string, offerId: offer.id };
}

const room = async (user: TestUser, dealId: string) => {
  const res = await send(user, 'GET', `/api/deals/${dealId}/closing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const tick = (user: TestUser, dealId: string, key: string, body: Record<string, unknown>) =>
  send(user, 'PUT', `/api/deals/${dealId}/closing/milestones/${key}`, body);

function upload(
  user: TestUser,
  dealId: string,
  key: string,
  bytes: Uint8Array,
  filename = 'emd.pdf',
  query = '',
) {
  const body = multipartFile(bytes, { filename, contentType: 'application/pdf' });
  return app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/closing/milestones/${key}/documents${query}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function mails(template: string, recipient?: string) {
  const rows = await app.database.db
    .select()
    .from(outbox)
    .where(
      recipient
        ? and(eq(outbox.template, template), eq(outbox.recipient, recipient))
        : eq(outbox.template, template),
    );
  return rows;
}

describe('opening the room', { tags: ['server'] }, () => {
  it('opens on acceptance with the milestones of a cash deal, dated from the acceptance and the close date', async () => {
    const { seller, buyer, admin, dealId, offerId } = await setup();
    const closing = await room(seller, dealId);
    const closeDate = addDays(today(), 30);
    expect(closing).toMatchObject({
      dealId,
      offerId,
      status: 'open',
      kind: 'Cash',
      closeDate,
      role: 'seller',
    });
    expect(closing.milestones.map((m: { key: string }) => m.key)).toEqual(
      milestonesFor('Cash').map((m) => m.key),
    );
    const due = Object.fromEntries(
      closing.milestones.map((m: { key: string; party: string; dueDate: string }) => [
        m.key,
        [m.party, m.dueDate],
      ]),
    );
    expect(due['emd-deposited']).toEqual(['buyer', addBusinessDays(today(), 3)]);
    expect(due['escrow-opened']).toEqual(['seller', addBusinessDays(today(), 3)]);
    expect(due['title-commitment']).toEqual(['seller', addDays(today(), 10)]);
    expect(due['proof-of-funds']).toEqual(['buyer', addDays(today(), 2)]);
    expect(due['closing-scheduled']).toEqual(['both', addDays(closeDate, -5)]);
    expect(due['closed-funded']).toEqual(['both', closeDate]);
    expect(closing.timeline).toMatchObject([{ event: 'opened', actorName: 'Sam Seller' }]);
    expect(closing.milestones.every((m: { done: boolean; overdue: boolean }) => !m.done && !m.overdue)).toBe(
      true,
    );

    expect((await room(buyer, dealId)).role).toBe('buyer');
    expect((await room(admin, dealId)).role).toBe('admin');
    // The deal page names the room to its members, in the page's one statement.
    for (const member of [seller, buyer, admin])
      expect((await send(member, 'GET', `/api/deals/${dealId}`)).json().closing).toEqual({ status: 'open' });

    // Both parties' bells link to the room, and the dashboard shows it on each side.
    const bells = await app.database.db
      .select()
      .from(chatNotifications)
      .where(eq(chatNotifications.type, 'closing'));
    expect(bells.map((b) => b.userId).sort()).toEqual([buyer.id, seller.id].sort());
    const buying = (await send(buyer, 'GET', '/api/dashboard')).json().buying;
    expect(buying.closings).toMatchObject([
      { dealId, done: 0, total: 7, overdue: 0, next: { key: 'proof-of-funds' } },
    ]);
    const selling = (await send(seller, 'GET', '/api/dashboard')).json().selling;
    expect(selling.closings).toMatchObject([{ dealId, total: 7 }]);
    expect(selling.closedThroughDealClub).toEqual({ count: 0, medianDaysToClose: null });
  });

  it('does not exist for anyone but its members: other buyers and sellers get 404', async () => {
    const { stranger, otherSeller, dealId } = await setup();
    const owner = await createUser(app, { roles: ['owner', 'buyer', 'originator'] });
    for (const user of [stranger, otherSeller, owner]) {
      const res = await send(user, 'GET', `/api/deals/${dealId}/closing`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CLOSING_NOT_FOUND');
      expect((await tick(user, dealId, 'emd-deposited', { done: true })).statusCode).toBe(404);
    }
    expect((await send(stranger, 'GET', `/api/deals/${dealId}`)).json().closing).toBeNull();
    const noRoom = await listDeal(app, otherSeller, cashDeal());
    expect((await send(otherSeller, 'GET', `/api/deals/${noRoom.id}/closing`)).statusCode).toBe(404);
  });
});

describe('the order of checks', () => {
  it('tells who may not act 404 or 403 whatever they send, and only a member the body’s 400', async () => {
    const { seller, buyer, stranger, dealId } = await setup();
    const steps: [Method, string][] = [
      ['PUT', 'closing/milestones/emd-deposited'],
      ['POST', 'closing/close-date'],
      ['PUT', 'backups'],
      ['POST', 'closing/fall-through'],
      ['POST', 'closing/withdraw'],
    ];
    for (const [method, path] of steps) {
      for (const body of [{}, { done: 'yes', closeDate: 7, offerIds: 'all', reason: 42 }]) {
        const res = await send(stranger, method, `/api/deals/${dealId}/${path}`, body);
        expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'CLOSING_NOT_FOUND']);
      }
    }
    // Members the step is not for: 403, not the fields of the form.
    const refused = [
      [seller, 'PUT', 'closing/milestones/emd-deposited', 'MILESTONE_PARTY_ONLY'],
      [buyer, 'PUT', 'backups', 'FORBIDDEN'],
      [buyer, 'POST', 'closing/fall-through', 'FORBIDDEN'],
      [seller, 'POST', 'closing/withdraw', 'FORBIDDEN'],
    ] as const;
    for (const [user, method, path, code] of refused) {
      const res = await send(user, method, `/api/deals/${dealId}/${path}`, {});
      expect([path, res.statusCode, res.json().code]).toEqual([path, 403, code]);
    }
    // A member who may act, with a body that does not validate: the field errors.
    const bad = await send(buyer, 'PUT', `/api/deals/${dealId}/closing/milestones/emd-deposited`, {
      done: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'done' }] });
    const noDate = await send(seller, 'POST', `/api/deals/${dealId}/closing/close-date`, {});
    expect(noDate.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'closeDate' }] });
    // Nothing of it was written.
    expect((await room(seller, dealId)).timeline.map((e: { event: string }) => e.event)).toEqual(['opened']);
  });
});

describe('milestones', { tags: ['server'] }, () => {
  it('are ticked by their party or an admin, unticked with a reason, and never undone by a stale page', async () => {
    const { seller, buyer, admin, dealId } = await setup();
    const before = await room(buyer, dealId);
    const emd = before.milestones.find((m: { key: string }) => m.key === 'emd-deposited');

    const wrongParty = await tick(seller, dealId, 'emd-deposited', { done: true });
    expect(wrongParty.statusCode).toBe(403);
    expect(wrongParty.json().code).toBe('MILESTONE_PARTY_ONLY');

    const done = await tick(buyer, dealId, 'emd-deposited', {
      done: true,
      note: 'Wired $2,000',
      version: emd.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    const ticked = done.json().milestones.find((m: { key: string }) => m.key === 'emd-deposited');
    expect(ticked).toMatchObject({
      done: true,
      doneBy: buyer.id,
      doneByName: 'Ana Buyer',
      note: 'Wired $2,000',
    });
    expect(ticked.version).toBe(emd.version + 1);

    // The page that still shows the old version cannot undo the newer tick.
    const stale = await tick(buyer, dealId, 'emd-deposited', {
      done: false,
      note: 'Oops',
      version: emd.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('MILESTONE_CHANGED');

    const noReason = await tick(buyer, dealId, 'emd-deposited', { done: false, version: ticked.version });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toMatchObject([
      { path: 'note', message: 'Say why this milestone is no longer done.' },
    ]);

    const unticked = await tick(buyer, dealId, 'emd-deposited', {
      done: false,
      note: 'The wire bounced',
      version: ticked.version,
    });
    expect(unticked.statusCode).toBe(200);
    expect(unticked.json().milestones[0]).toMatchObject({
      done: false,
      doneAt: null,
      note: 'The wire bounced',
    });

    // Asking for what is already there writes nothing: no new version, no timeline event.
    const again = await tick(buyer, dealId, 'emd-deposited', { done: false, note: 'The wire bounced' });
    expect(again.statusCode).toBe(200);
    expect(again.json().milestones[0].version).toBe(unticked.json().milestones[0].version);

    const unknown = await tick(buyer, dealId, 'no-such-step', { done: true });
    expect(unknown.json().code).toBe('MILESTONE_NOT_FOUND');

    // An admin ticks for a party, and it goes into the admin audit.
    expect((await tick(admin, dealId, 'escrow-opened', { done: true })).statusCode).toBe(200);
    const audit = await app.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'closing.tick'));
    expect(audit).toMatchObject([{ actorId: admin.id, targetId: dealId }]);

    const timeline = (await room(seller, dealId)).timeline.map(
      (e: { event: string; detail: { key?: string } }) => [e.event, e.detail.key ?? null],
    );
    expect(timeline).toEqual([
      ['opened', null],
      ['ticked', 'emd-deposited'],
      ['unticked', 'emd-deposited'],
      ['ticked', 'escrow-opened'],
    ]);
  });

  it('lets only one of two ticks made from the same version through', async () => {
    const { seller, buyer, dealId } = await setup();
    const shown = (await room(seller, dealId)).milestones.find(
      (m: { key: string }) => m.key === 'closing-scheduled',
    );
    const results = await Promise.all([
      tick(seller, dealId, 'closing-scheduled', {
        done: true,
        note: 'Set for the 14th',
        version: shown.version,
      }),
      tick(buyer, dealId, 'closing-scheduled', {
        done: true,
        note: 'Set for the 15th',
        version: shown.version,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = (await room(seller, dealId)).milestones.find(
      (m: { key: string }) => m.key === 'closing-scheduled',
    );
    expect(after.version).toBe(shown.version + 1);
  });

  it('shows a milestone past its due date as overdue until it is done', async () => {
    const { buyer, dealId } = await setup();
    await app.database.db
      .update(closingMilestones)
      .set({ dueDate: addDays(today(), -1) })
      .where(eq(closingMilestones.key, 'proof-of-funds'));
    const closing = await room(buyer, dealId);
    expect(closing.milestones.find((m: { key: string }) => m.key === 'proof-of-funds').overdue).toBe(true);
    expect((await send(buyer, 'GET', '/api/dashboard')).json().buying.closings[0].overdue).toBe(1);
    await tick(buyer, dealId, 'proof-of-funds', { done: true });
    expect(
      (await room(buyer, dealId)).milestones.find((m: { key: string }) => m.key === 'proof-of-funds').overdue,
    ).toBe(false);
  });
});

describe('documents', { tags: ['server'] }, () => {
  it('are kept privately: members upload and download them, a wrong type or size leaves the milestone as it was', async () => {
    const { seller, buyer, admin, stranger, dealId } = await setup();
    const added = await upload(buyer, dealId, 'emd-deposited', PDF, 'EMD receipt.pdf');
    expect(added.statusCode, added.body).toBe(201);
    const document = added.json().document;
    expect(document).toMatchObject({
      name: 'EMD receipt.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });

    for (const member of [seller, buyer, admin]) {
      const file = await send(member, 'GET', `/api/deals/${dealId}/closing/documents/${document.id}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    expect(
      (await send(stranger, 'GET', `/api/deals/${dealId}/closing/documents/${document.id}`)).statusCode,
    ).toBe(404);

    const text = await upload(
      buyer,
      dealId,
      'emd-deposited',
      Buffer.from('plain text, not a PDF'),
      'note.pdf',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('CLOSING_DOCUMENT_TYPE_UNSUPPORTED');
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0);
    PDF.copy(big);
    const tooBig = await upload(buyer, dealId, 'emd-deposited', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('CLOSING_DOCUMENT_TOO_LARGE');
    const image = await upload(seller, dealId, 'escrow-opened', PNG_1PX, 'escrow.png');
    expect(image.json().document.name).toBe('escrow.png');

    for (let i = 1; i < 10; i++)
      expect((await upload(buyer, dealId, 'emd-deposited', PDF)).statusCode).toBe(201);
    const eleventh = await upload(buyer, dealId, 'emd-deposited', PDF);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('CLOSING_DOCUMENT_LIMIT');

    const after = await room(buyer, dealId);
    const emd = after.milestones.find((m: { key: string }) => m.key === 'emd-deposited');
    expect(emd.documents).toHaveLength(10);
    expect(emd).toMatchObject({ done: false, version: 1 });
    expect(after.timeline.filter((e: { event: string }) => e.event === 'document_uploaded')).toHaveLength(11);
    expect((await upload(stranger, dealId, 'emd-deposited', PDF)).statusCode).toBe(404);
    // A malformed room id is the stranger's 404 too (the order of checks, decision 026), and a
    // member's 400.
    expect((await upload(stranger, dealId, 'emd-deposited', PDF, 'x.pdf', '?roomId=nope')).statusCode).toBe(
      404,
    );
    expect((await upload(buyer, dealId, 'emd-deposited', PDF, 'x.pdf', '?roomId=nope')).statusCode).toBe(400);
  });
});

describe('the close date', { tags: ['server'] }, () => {
  it('is proposed by one party and answered by the other; accepted, the dates that count from it move', async () => {
    const { seller, buyer, dealId } = await setup();
    const newDate = addDays(today(), 45);
    const past = await send(seller, 'POST', `/api/deals/${dealId}/closing/close-date`, {
      closeDate: addDays(today(), -1),
    });
    expect(past.statusCode).toBe(400);
    const proposed = await send(seller, 'POST', `/api/deals/${dealId}/closing/close-date`, {
      closeDate: newDate,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().proposedCloseDate).toMatchObject({ closeDate: newDate, by: 'seller' });
    expect(await mails('closing_closingCloseDate', buyer.email)).toHaveLength(1);

    const own = await send(seller, 'POST', `/api/deals/${dealId}/closing/close-date/accept`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('CLOSE_DATE_OWN_PROPOSAL');

    const yes = await send(buyer, 'POST', `/api/deals/${dealId}/closing/close-date/accept`);
    expect(yes.statusCode, yes.body).toBe(200);
    const closing = yes.json();
    expect(closing).toMatchObject({ closeDate: newDate, proposedCloseDate: null });
    const due = Object.fromEntries(
      closing.milestones.map((m: { key: string; dueDate: string }) => [m.key, m.dueDate]),
    );
    expect(due['closed-funded']).toBe(newDate);
    expect(due['closing-scheduled']).toBe(addDays(newDate, -5));
    expect(due['title-commitment']).toBe(addDays(today(), 10));

    const none = await send(buyer, 'POST', `/api/deals/${dealId}/closing/close-date/decline`);
    expect(none.json().code).toBe('CLOSE_DATE_NOT_PROPOSED');
    await send(buyer, 'POST', `/api/deals/${dealId}/closing/close-date`, { closeDate: addDays(today(), 60) });
    const no = await send(seller, 'POST', `/api/deals/${dealId}/closing/close-date/decline`);
    expect(no.json()).toMatchObject({ closeDate: newDate, proposedCloseDate: null });
    const events = no.json().timeline.map((e: { event: string }) => e.event);
    expect(events).toEqual([
      'opened',
      'close_date_proposed',
      'close_date_accepted',
      'close_date_proposed',
      'close_date_declined',
    ]);
  });
});

describe('when the contract ends', { tags: ['server'] }, () => {
  async function withBackups() {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const [winner, second, third] = await Promise.all(
      ['Wendy', 'Sara', 'Tom'].map((firstName) =>
        createUser(app, { roles: ['buyer'], firstName, lastName: 'Buyer' }),
      ),
    );
    const deal = await listDeal(app, seller, cashDeal());
    const offerOf = {
      winner: await offered(winner!, deal.id),
      second: await offered(second!, deal.id, 40),
      third: await offered(third!, deal.id),
    };
    await accepted(seller, offerOf.winner.id);
    return { seller, winner: winner!, second: second!, third: third!, dealId: deal.id as string, offerOf };
  }

  it('promotes the first backup into a new room; the fallen offer is kept as fell through', async () => {
    const { seller, winner, second, third, dealId, offerOf } = await withBackups();
    const tooMany = await send(seller, 'PUT', `/api/deals/${dealId}/backups`, {
      offerIds: [offerOf.winner.id, offerOf.second.id],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('BACKUP_OFFERS_INVALID');
    expect((await send(winner, 'PUT', `/api/deals/${dealId}/backups`, { offerIds: [] })).statusCode).toBe(
      403,
    );

    const ranked = await send(seller, 'PUT', `/api/deals/${dealId}/backups`, {
      offerIds: [offerOf.second.id, offerOf.third.id],
    });
    expect(ranked.statusCode, ranked.body).toBe(200);
    expect(ranked.json().backups).toEqual([
      { offerId: offerOf.second.id, rank: 1, buyerName: 'Sara Buyer' },
      { offerId: offerOf.third.id, rank: 2, buyerName: 'Tom Buyer' },
    ]);
    // The winning buyer sees the ranks, not who the others are; each backup buyer is told their place.
    const winnersView = await room(winner, dealId);
    expect(winnersView.backups).toEqual([
      { offerId: offerOf.second.id, rank: 1 },
      { offerId: offerOf.third.id, rank: 2 },
    ]);
    expect(winnersView.timeline.map((e: { event: string }) => e.event)).toEqual(['opened']);
    expect((await mails('closing_closingBackup', second.email))[0]!.subject).toContain('backup number 1');
    expect((await mails('closing_closingBackup', third.email))[0]!.subject).toContain('backup number 2');
    // No new offers while pending: the spec's rule stands.
    const late = await createUser(app, { roles: ['buyer'] });
    const refused = await send(late, 'POST', `/api/deals/${dealId}/offers`, {
      type: 'cash',
      purchasePrice: 1,
      estimatedCloseDate: addDays(today(), 30),
    });
    expect(refused.statusCode).toBe(409);

    // The seller's webhook hears the promotion as the acceptance it is.
    await app.database.db
      .update(users)
      .set({ offerWebhookEnabled: true, offerWebhookUrl: 'https://hooks.example.test/offers' })
      .where(eq(users.id, seller.id));
    const noReason = await send(seller, 'POST', `/api/deals/${dealId}/closing/fall-through`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const ended = await send(seller, 'POST', `/api/deals/${dealId}/closing/fall-through`, {
      reason: 'Financing denied',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const next = ended.json();
    // The same click again, naming the room the page showed: it never ends the new buyer's room.
    const twice = await send(
      seller,
      'POST',
      `/api/deals/${dealId}/closing/fall-through?roomId=${ranked.json().id}`,
      { reason: 'Financing denied' },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CLOSING_NOT_OPEN');
    // The new buyer hears it from the platform, neither who ended the first contract nor why.
    const [promotedBell] = await app.database.db
      .select()
      .from(chatNotifications)
      .where(and(eq(chatNotifications.userId, second.id), eq(chatNotifications.type, 'closing')));
    expect(promotedBell).toMatchObject({
      senderName: 'DealClub',
      message: 'Your backup offer is now accepted',
    });
    const backupBells = await app.database.db
      .select()
      .from(chatNotifications)
      .where(eq(chatNotifications.userId, third.id));
    // Not a member of any room: the bell opens the deal, not a room they cannot see.
    expect(backupBells.map((b) => b.type)).toEqual(['deal_update', 'deal_update']);
    expect(next.timeline.map((e: { actor: string | null; detail: object }) => [e.actor, e.detail])).toEqual([
      [null, expect.objectContaining({ kind: 'Cash' })],
      [null, {}],
    ]);
    expect(next).toMatchObject({ status: 'open', offerId: offerOf.second.id, buyer: { id: second.id } });
    expect(next.backups).toMatchObject([{ offerId: offerOf.third.id, rank: 1 }]);
    expect(next.timeline.map((e: { event: string }) => e.event)).toEqual(['opened', 'backup_promoted']);

    const db = app.database.db;
    const statuses = Object.fromEntries(
      (await db.select().from(offers).where(eq(offers.dealId, dealId))).map((o) => [o.id, o.status]),
    );
    expect(statuses).toEqual({
      [offerOf.winner.id]: 'fell_through',
      [offerOf.second.id]: 'accepted',
      [offerOf.third.id]: 'declined',
    });
    const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ status: 'pending', acceptedBuyerId: second.id });

    // The former buyer still reads their room, ended with the reason; the new buyer reads theirs.
    expect(await room(winner, dealId)).toMatchObject({
      status: 'fell_through',
      endReason: 'Financing denied',
    });
    expect((await room(second, dealId)).status).toBe('open');
    expect(await mails('closing_closingPromoted', second.email)).toHaveLength(1);
    expect(await mails('closing_closingFellThrough', winner.email)).toHaveLength(1);
    expect(await mails('closing_closingPromotedSeller', seller.email)).toHaveLength(1);
    const hooks = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, seller.id));
    expect(
      hooks.map((h) => [h.event, (h.payload as { data: { offer: { id: string } } }).data.offer.id]),
    ).toEqual([['offer.accepted', offerOf.second.id]]);
    // The seller's offers page shows the fallen offer, never deleted.
    const page = await send(seller, 'GET', `/api/deals/${dealId}/offers?status=all`);
    expect(page.json().items.find((o: { id: string }) => o.id === offerOf.winner.id).status).toBe(
      'fell_through',
    );
  });

  it('returns the deal to active when the buyer withdraws without a backup, and tells who saved or asked about it', async () => {
    const { seller, buyer, stranger, dealId, offerId } = await setup();
    await app.database.db.insert(favorites).values({ userId: stranger.id, dealId });
    expect(
      (await send(seller, 'POST', `/api/deals/${dealId}/closing/withdraw`, { reason: 'x' })).statusCode,
    ).toBe(403);
    const out = await send(buyer, 'POST', `/api/deals/${dealId}/closing/withdraw`, {
      reason: 'Inspection issues',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ status: 'fell_through', endReason: 'Inspection issues' });
    const db = app.database.db;
    const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ status: 'active', acceptedBuyerId: null });
    const [history] = await db
      .select()
      .from(dealStatusHistory)
      .where(eq(dealStatusHistory.dealId, dealId))
      .orderBy(desc(dealStatusHistory.createdAt))
      .limit(1);
    expect(history).toMatchObject({ status: 'active', source: 'platform', reason: 'Inspection issues' });
    const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer!.status).toBe('fell_through');
    expect(await mails('closing_closingBackAgain', stranger.email)).toHaveLength(1);
    expect(await mails('closing_closingFellThrough', seller.email)).toHaveLength(1);
    // Ended: no step is taken any more.
    const late = await tick(buyer, dealId, 'emd-deposited', { done: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CLOSING_NOT_OPEN');
  });

  it('ends the room when the seller reactivates the deal by hand', async () => {
    const { seller, buyer, dealId } = await setup();
    const res = await send(seller, 'PUT', `/api/deals/${dealId}/status`, {
      status: 'active',
      throughPlatform: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const closing = await room(buyer, dealId);
    expect(closing.status).toBe('fell_through');
    expect(closing.timeline.at(-1)).toMatchObject({ event: 'ended', detail: { status: 'active' } });
  });
});

describe('closing', { tags: ['server'] }, () => {
  it('needs every milestone done, then sells the deal through the platform and counts the days', async () => {
    const { seller, buyer, dealId, offerId } = await setup();
    const early = await send(seller, 'POST', `/api/deals/${dealId}/closing/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'CLOSING_INCOMPLETE',
      open: milestonesFor('Cash').map((m) => m.key),
    });
    expect((await send(buyer, 'POST', `/api/deals/${dealId}/closing/complete`)).statusCode).toBe(403);

    const closing = await room(seller, dealId);
    for (const m of closing.milestones as { key: string; party: string }[]) {
      const who = m.party === 'seller' ? seller : buyer;
      expect((await tick(who, dealId, m.key, { done: true })).statusCode).toBe(200);
    }
    const done = await send(seller, 'POST', `/api/deals/${dealId}/closing/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'closed', daysToClose: 0 });

    const db = app.database.db;
    const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal!.status).toBe('sold');
    const [history] = await db
      .select()
      .from(dealStatusHistory)
      .where(eq(dealStatusHistory.dealId, dealId))
      .orderBy(desc(dealStatusHistory.createdAt))
      .limit(1);
    expect(history).toMatchObject({ status: 'sold', source: 'platform' });
    const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer!.status).toBe('closed');
    const selling = (await send(seller, 'GET', '/api/dashboard')).json().selling;
    expect(selling.closedThroughDealClub).toEqual({ count: 1, medianDaysToClose: 0 });
    expect(selling.closings).toEqual([]);
    const deal2 = await send(seller, 'GET', `/api/deals/${dealId}`);
    expect(deal2.json().status).toBe('sold');

    const again = await send(seller, 'POST', `/api/deals/${dealId}/closing/complete`);
    expect(again.json().code).toBe('CLOSING_NOT_OPEN');
  });

  it('leaves exactly one outcome when two closings, or a closing and a fall-through, race', async () => {
    const { seller, buyer, admin, dealId } = await setup();
    const closing = await room(seller, dealId);
    await app.database.db
      .update(closingMilestones)
      .set({ done: true })
      .where(eq(closingMilestones.roomId, closing.id));
    void buyer;
    const results = await Promise.all([
      send(seller, 'POST', `/api/deals/${dealId}/closing/complete`),
      send(admin, 'POST', `/api/deals/${dealId}/closing/complete`),
      send(seller, 'POST', `/api/deals/${dealId}/closing/fall-through`, { reason: 'Changed my mind' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const [deal] = await app.database.db.select().from(deals).where(eq(deals.id, dealId));
    const rooms = await app.database.db.select().from(closingRooms).where(eq(closingRooms.dealId, dealId));
    expect(rooms).toHaveLength(1);
    // Either the deal sold through the room, or it fell through and is active again; never both.
    if (rooms[0]!.status === 'closed') expect(deal!.status).toBe('sold');
    else expect([rooms[0]!.status, deal!.status]).toEqual(['fell_through', 'active']);
  });
});

describe('reminders', { tags: ['server'] }, () => {
  it('go to the responsible party the day before due and on the first overdue day, once, never when done', async () => {
    const { seller, buyer, dealId } = await setup();
    const db = app.database.db;
    const closing = await room(seller, dealId);
    const proof = closing.milestones.find((m: { key: string }) => m.key === 'proof-of-funds');
    // Buyers without a stated state are reminded by UTC: at 09:00 UTC the day before it is due.
    const dayBefore = new Date(`${addDays(proof.dueDate, -1)}T09:30:00Z`);
    const deps = { origin: 'http://127.0.0.1' };
    expect(
      await sendClosingReminders(db, { ...deps, now: new Date(`${addDays(proof.dueDate, -1)}T08:30:00Z`) }),
    ).toBe(0);
    const first = await sendClosingReminders(db, { ...deps, now: dayBefore });
    expect(first).toBeGreaterThanOrEqual(1);
    const due = await mails('closing_closingReminder', buyer.email);
    expect(due.map((m) => m.subject)).toContain(`Due tomorrow: Proof of funds — ${closing.deal.address}`);
    expect(await sendClosingReminders(db, { ...deps, now: new Date(dayBefore.getTime() + 3600_000) })).toBe(
      0,
    );
    expect((await mails('closing_closingReminder', seller.email)).map((m) => m.subject)).not.toContain(
      expect.stringContaining('Proof of funds'),
    );

    const overdueDay = new Date(`${addDays(proof.dueDate, 1)}T10:00:00Z`);
    await sendClosingReminders(db, { ...deps, now: overdueDay });
    expect((await mails('closing_closingOverdue', buyer.email)).map((m) => m.subject)).toContain(
      `Overdue: Proof of funds — ${closing.deal.address}`,
    );
    const bells = await db
      .select()
      .from(chatNotifications)
      .where(and(eq(chatNotifications.userId, buyer.id), eq(chatNotifications.type, 'closing')));
    expect(bells.map((b) => b.message)).toContain('Overdue: Proof of funds');

    // Done: nothing more, even on a later day it would have been reminded.
    await tick(buyer, dealId, 'emd-deposited', { done: true });
    const emd = closing.milestones.find((m: { key: string }) => m.key === 'emd-deposited');
    const before = (await mails('closing_closingReminder', buyer.email)).length;
    await sendClosingReminders(db, { ...deps, now: new Date(`${addDays(emd.dueDate, -1)}T12:00:00Z`) });
    const subjects = (await mails('closing_closingReminder', buyer.email))
      .slice(before)
      .map((m) => m.subject);
    expect(subjects.some((s) => s.includes('EMD'))).toBe(false);
  });
});

describe('the demo', () => {
  it('has a deal in closing with steps done and one overdue, and one that fell through to its backup', async () => {
    app = await createTestApp();
    const db = app.database.db;
    await runSeeds(db, [demoAccountsSeed, demoProfilesSeed, demoDealsSeed, demoClosingSeed], {
      config: app.config,
    });
    const seller = await signIn(app, 'seller@demo.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${seller.idToken}` };
    const rooms = await db.select().from(closingRooms).orderBy(closingRooms.openedAt);
    expect(rooms.map((r) => r.status).sort()).toEqual(['fell_through', 'open', 'open']);

    const dashboard = (await app.inject({ url: '/api/dashboard?mode=selling', headers })).json().selling;
    expect(dashboard.closings).toHaveLength(2);
    const underWay = dashboard.closings.find((c: { overdue: number }) => c.overdue > 0);
    expect(underWay.done).toBeGreaterThanOrEqual(3);
    const read = (await app.inject({ url: `/api/deals/${underWay.dealId}/closing`, headers })).json();
    expect(read.milestones.find((m: { key: string }) => m.key === 'title-commitment')).toMatchObject({
      done: false,
      overdue: true,
    });

    const promoted = rooms.find(
      (r) => r.status === 'open' && rooms.some((o) => o.dealId === r.dealId && o.id !== r.id),
    )!;
    const room2 = (await app.inject({ url: `/api/deals/${promoted.dealId}/closing`, headers })).json();
    expect(room2.timeline.map((e: { event: string }) => e.event)).toEqual(['opened', 'backup_promoted']);
    expect(room2.buyer.name).toBeTruthy();
  });
});

describe('deals already pending when rooms arrived', () => {
  it('get their room once, dated from their acceptance', async () => {
    const { seller, dealId, offerId } = await setup();
    const db = app.database.db;
    // As before this version: an accepted offer on a pending deal, and no room.
    await db.delete(closingRooms).where(eq(closingRooms.dealId, dealId));
    const acceptedAt = new Date(Date.now() - 4 * 86_400_000);
    await db.update(offers).set({ acceptedAt }).where(eq(offers.id, offerId));
    expect((await send(seller, 'GET', `/api/deals/${dealId}/closing`)).statusCode).toBe(404);
    await runSeeds(db, [closingBackfillSeed]);
    await runSeeds(db, [closingBackfillSeed]);
    const closing = await room(seller, dealId);
    expect(closing).toMatchObject({ offerId, status: 'open', openedAt: acceptedAt.toISOString() });
    expect(closing.milestones.find((m: { key: string }) => m.key === 'title-commitment').dueDate).toBe(
      addDays(isoDay(acceptedAt), 10),
    );
    expect(await db.select().from(closingRooms).where(eq(closingRooms.dealId, dealId))).toHaveLength(1);
  });
});

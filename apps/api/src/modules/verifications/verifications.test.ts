import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STATEMENT_BYTES, VERIFICATION_VALID_MS } from '@dealclub/shared/verifications';
import { deals, dealVerifications, outbox } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { cashDeal, listDeal, subToDeal } from '../../test/deals';
import { multipartFile, PNG_1PX } from '../../test/multipart';
import { lapseExpiredVerifications } from './service';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

const hybridDeal = () =>
  subToDeal({
    purchaseType: 'Hybrid',
    sellerLoanAmount: 40000,
    sellerInterestRate: 5,
    piMonthlyPayment: 400,
    sellerLoanMaturity: '2031-01-01',
    deedTransferType: 'DeedTransfer',
  });

function upload(
  user: TestUser | null,
  dealId: string,
  bytes: Uint8Array,
  filename = 'statement.pdf',
  contentType = 'application/pdf',
) {
  const body = multipartFile(bytes, { filename, contentType });
  return app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/verification`,
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

async function setup() {
  app = await createTestApp();
  const [seller, otherSeller, buyer, admin] = await Promise.all([
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['originator'] }),
    createUser(app, { roles: ['buyer'] }),
    createUser(app, { roles: ['admin'] }),
  ]);
  const deal = await listDeal(app, seller, subToDeal());
  return { seller, otherSeller, buyer, admin, deal };
}

const decide = (admin: TestUser, id: string, body: unknown) =>
  callAs(app, admin, 'PUT', `/api/admin/verifications/${id}`, body);

async function uploadAndApprove(seller: TestUser, admin: TestUser, dealId: string) {
  const res = await upload(seller, dealId, PDF);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().verification.id as string;
  const decided = await decide(admin, id, { decision: 'approved', note: '' });
  expect(decided.statusCode, decided.body).toBe(200);
  return id;
}

describe('uploading a mortgage statement', () => {
  it('takes a PDF, JPEG or PNG by its bytes from the originator and records the loan fields', async () => {
    const { seller, deal } = await setup();
    const res = await upload(seller, deal.id, PDF, 'May statement.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().verification).toMatchObject({
      dealId: deal.id,
      status: 'pending',
      note: '',
      fileName: 'May statement.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      fields: {
        loanType: 'FHA',
        interestRate: 2.75,
        loanBalance: 310000,
        loanMaturityDate: '2051-06-01',
        piti: 2100,
      },
    });
    // A PNG renamed .pdf is a PNG, named for what it is.
    const png = await upload(seller, deal.id, PNG_1PX, 'scan.pdf', 'application/pdf');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().verification).toMatchObject({ contentType: 'image/png', fileName: 'scan.png' });
    const jpeg = await upload(seller, deal.id, JPEG, 'photo.jpeg', 'image/jpeg');
    expect(jpeg.json().verification).toMatchObject({ contentType: 'image/jpeg', fileName: 'photo.jpg' });
  });

  it('refuses a text file named .pdf, a file over 10 MB and a request without a file', async () => {
    const { seller, deal } = await setup();
    const text = await upload(seller, deal.id, Buffer.from('hello, this is not a PDF'), 'statement.pdf');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('STATEMENT_TYPE_UNSUPPORTED');
    const big = Buffer.alloc(MAX_STATEMENT_BYTES + 1, 0x20);
    PDF.copy(big);
    const tooBig = await upload(seller, deal.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('STATEMENT_TOO_LARGE');
    const empty = await upload(seller, deal.id, Buffer.alloc(0));
    expect(empty.json().code).toBe('FILE_REQUIRED');
    const json = await callAs(app, seller, 'POST', `/api/deals/${deal.id}/verification`, {});
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('FILE_REQUIRED');
    const state = await callAs(app, seller, 'GET', `/api/deals/${deal.id}/verification`);
    expect(state.json()).toEqual({ verification: null });
  });

  it('takes hybrid deals, refuses cash and seller-finance deals, and others than the originator', async () => {
    const { seller, otherSeller, buyer, admin, deal } = await setup();
    const hybrid = await listDeal(app, seller, hybridDeal());
    expect((await upload(seller, hybrid.id, PDF)).statusCode).toBe(201);
    const cash = await listDeal(app, seller, cashDeal());
    const refused = await upload(seller, cash.id, PDF);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('VERIFICATION_NOT_AVAILABLE');
    const sellerFinance = await listDeal(
      app,
      seller,
      cashDeal({
        category: 'creative',
        purchaseType: 'SellerFinance',
        sellerLoanAmount: 40000,
        sellerInterestRate: 5,
        piMonthlyPayment: 400,
        sellerLoanMaturity: '2031-01-01',
        deedTransferType: 'DeedTransfer',
      }),
    );
    expect((await upload(seller, sellerFinance.id, PDF)).json().code).toBe('VERIFICATION_NOT_AVAILABLE');

    const other = await upload(otherSeller, deal.id, PDF);
    expect(other.statusCode).toBe(404);
    expect((await upload(buyer, deal.id, PDF)).statusCode).toBe(403);
    expect((await upload(admin, deal.id, PDF)).statusCode).toBe(403);
    expect((await upload(null, deal.id, PDF)).statusCode).toBe(401);
    expect((await upload(seller, '00000000-0000-4000-8000-000000000000', PDF)).statusCode).toBe(404);
  });

  it('supersedes an older pending statement and removes its file', async () => {
    const { seller, deal } = await setup();
    const first = (await upload(seller, deal.id, PDF)).json().verification;
    const [firstRow] = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.id, first.id));
    const second = (await upload(seller, deal.id, PNG_1PX, 'b.png', 'image/png')).json().verification;
    const rows = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.dealId, deal.id));
    expect(rows.map((r) => r.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
    const files = await readdir(path.join(app.config.privateFilesDir, 'statements'));
    expect(files).toContain(path.basename(rows[0]!.fileKey));
    expect(files).not.toContain(path.basename(firstRow!.fileKey));
    const state = (await callAs(app, seller, 'GET', `/api/deals/${deal.id}/verification`)).json();
    expect(state.verification).toMatchObject({ id: second.id, status: 'pending' });
  });
});

describe('the statement is private', () => {
  it('is served to the originator and admins only, never cached, and never by /files', async () => {
    const { seller, otherSeller, buyer, admin, deal } = await setup();
    const { verification } = (await upload(seller, deal.id, PDF, 'my statement.pdf')).json();
    for (const user of [seller, admin]) {
      const file = await callAs(app, user, 'GET', `/api/deals/${deal.id}/verification/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toContain("filename*=UTF-8''my%20statement.pdf");
    }
    const adminFile = await callAs(app, admin, 'GET', `/api/admin/verifications/${verification.id}/file`);
    expect(adminFile.rawPayload.equals(PDF)).toBe(true);

    for (const user of [buyer, otherSeller]) {
      for (const url of [`/api/deals/${deal.id}/verification`, `/api/deals/${deal.id}/verification/file`]) {
        const res = await callAs(app, user, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.rawPayload.includes(PDF)).toBe(false);
      }
      const adminOnly = await callAs(app, user, 'GET', `/api/admin/verifications/${verification.id}/file`);
      expect(adminOnly.statusCode).toBe(403);
    }
    const signedOut = await app.inject({ url: `/api/deals/${deal.id}/verification/file` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.rawPayload.includes(PDF)).toBe(false);

    // Not under the public files, by any name.
    const [row] = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.id, verification.id));
    const name = path.basename(row!.fileKey);
    for (const url of [
      `/files/${row!.fileKey}`,
      `/files/statements/${name}.pdf`,
      `/files/private/${name}`,
      `/files/statements/..%2F${name}`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    // The deal's own answers carry no trace of the statement.
    const detail = await callAs(app, buyer, 'GET', `/api/deals/${deal.id}`);
    expect(detail.body).not.toContain(row!.fileKey);
    expect(detail.json().termsVerified).toBeNull();
  });
});

describe('the admin decision', () => {
  it('approves: the badge on the list, the detail and the filter; audited; the seller is told', async () => {
    const { seller, buyer, admin, deal } = await setup();
    const unverified = await listDeal(app, seller, subToDeal());
    const { verification } = (await upload(seller, deal.id, PDF)).json();

    const list = await callAs(app, admin, 'GET', '/api/admin/verifications');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, nextCursor: null });
    expect(list.json().items[0]).toMatchObject({
      id: verification.id,
      status: 'pending',
      fields: { loanBalance: 310000 },
      deal: { id: deal.id, currentFields: { loanBalance: 310000, interestRate: 2.75 } },
      seller: { id: seller.id },
    });
    expect((await callAs(app, buyer, 'GET', '/api/admin/verifications')).statusCode).toBe(403);
    expect((await callAs(app, seller, 'GET', '/api/admin/verifications')).statusCode).toBe(403);

    const before = Date.now();
    const res = await decide(admin, verification.id, { decision: 'approved', note: 'Matches the statement' });
    expect(res.statusCode, res.body).toBe(200);
    const decided = res.json().verification;
    expect(decided).toMatchObject({ status: 'approved', note: 'Matches the statement' });
    const expires = Date.parse(decided.expiresAt) - Date.parse(decided.decidedAt);
    expect(expires).toBe(VERIFICATION_VALID_MS);
    expect(Date.parse(decided.decidedAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.id, verification.id));
    expect(row!.decidedBy).toBe(admin.id);

    const detail = (await callAs(app, buyer, 'GET', `/api/deals/${deal.id}`)).json();
    expect(detail.termsVerified).toEqual({
      verifiedAt: decided.decidedAt,
      fields: {
        loanType: 'FHA',
        interestRate: 2.75,
        loanBalance: 310000,
        loanMaturityDate: '2051-06-01',
        piti: 2100,
      },
    });
    const cards = (await callAs(app, buyer, 'GET', '/api/deals')).json().items;
    expect(cards.find((c: { id: string }) => c.id === deal.id).termsVerified.verifiedAt).toBe(
      decided.decidedAt,
    );
    expect(cards.find((c: { id: string }) => c.id === unverified.id).termsVerified).toBeNull();
    const filtered = (await callAs(app, buyer, 'GET', '/api/deals?verified=true')).json();
    expect(filtered.items.map((c: { id: string }) => c.id)).toEqual([deal.id]);
    expect(filtered.total).toBe(1);
    const bad = await callAs(app, buyer, 'GET', '/api/deals?verified=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await callAs(app, seller, 'GET', '/api/deals/mine')).json().items[0].termsVerified).not.toBe(
      undefined,
    );

    const mail = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'verification_approved'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe(seller.email);
    expect(mail[0]!.body).toContain(`/deals/${deal.id}`);

    // Deciding twice, an unknown id, a bad decision.
    const twice = await decide(admin, verification.id, { decision: 'rejected', note: 'no' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VERIFICATION_NOT_PENDING');
    const unknown = await decide(admin, '00000000-0000-4000-8000-000000000000', { decision: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('VERIFICATION_NOT_FOUND');
    const badDecision = await decide(admin, verification.id, { decision: 'maybe', note: '' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().errors[0].path).toBe('decision');
    const byBuyer = await decide(buyer, verification.id, { decision: 'approved' });
    expect(byBuyer.statusCode).toBe(403);
  });

  it('rejects only with a note, which the seller sees and is e-mailed', async () => {
    const { seller, admin, deal } = await setup();
    const { verification } = (await upload(seller, deal.id, PDF)).json();
    const noNote = await decide(admin, verification.id, { decision: 'rejected', note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual([
      expect.objectContaining({ path: 'note', key: 'verification.validation.noteRequired' }),
    ]);
    const tooLong = await decide(admin, verification.id, { decision: 'rejected', note: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const res = await decide(admin, verification.id, {
      decision: 'rejected',
      note: 'The balance on the statement is $298,400.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = (await callAs(app, seller, 'GET', `/api/deals/${deal.id}/verification`)).json();
    expect(state.verification).toMatchObject({
      status: 'rejected',
      note: 'The balance on the statement is $298,400.',
      expiresAt: null,
    });
    const [row] = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.id, verification.id));
    expect(row!.decidedBy).toBe(admin.id);
    const [mail] = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'verification_rejected'));
    expect(mail!.body).toContain('The balance on the statement is $298,400.');
    expect(mail!.body).toContain(`/deals/${deal.id}/edit`);
    expect((await callAs(app, seller, 'GET', `/api/deals/${deal.id}`)).json().termsVerified).toBeNull();
    const rejected = (await callAs(app, admin, 'GET', '/api/admin/verifications?status=rejected')).json();
    expect(rejected.items.map((i: { id: string }) => i.id)).toEqual([verification.id]);
    expect((await callAs(app, admin, 'GET', '/api/admin/verifications?status=nope')).statusCode).toBe(400);
  });

  it('a newer approval retires the earlier one', async () => {
    const { seller, admin, deal } = await setup();
    const first = await uploadAndApprove(seller, admin, deal.id);
    const second = await uploadAndApprove(seller, admin, deal.id);
    const rows = await app.database.db
      .select()
      .from(dealVerifications)
      .where(eq(dealVerifications.dealId, deal.id));
    expect(rows.find((r) => r.id === first)).toMatchObject({ status: 'lapsed', lapsedReason: 'superseded' });
    expect(rows.find((r) => r.id === second)).toMatchObject({ status: 'approved' });
  });
});

describe('the badge goes', () => {
  it('when a verified field is edited, and stays through an unrelated edit', async () => {
    const { seller, buyer, admin, deal } = await setup();
    const id = await uploadAndApprove(seller, admin, deal.id);
    const values = subToDeal();
    const same = await callAs(app, seller, 'PUT', `/api/deals/${deal.id}`, {
      ...values,
      streetAddress: (deal as unknown as { streetAddress: string }).streetAddress,
      description: 'A new description of the same house.',
      emd: 3000,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().termsVerified).not.toBeNull();

    const edited = await callAs(app, seller, 'PUT', `/api/deals/${deal.id}`, {
      ...values,
      streetAddress: (deal as unknown as { streetAddress: string }).streetAddress,
      loanBalance: 305000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().termsVerified).toBeNull();
    expect((await callAs(app, buyer, 'GET', `/api/deals/${deal.id}`)).json().termsVerified).toBeNull();
    const state = (await callAs(app, seller, 'GET', `/api/deals/${deal.id}/verification`)).json();
    expect(state.verification).toMatchObject({ id, status: 'lapsed', lapsedReason: 'edited' });
    expect((await callAs(app, buyer, 'GET', '/api/deals?verified=true')).json().total).toBe(0);
  });

  it('after 90 days, by the expiry sweep, once even with two workers', { tags: ['server'] }, async () => {
    const { seller, buyer, admin, deal } = await setup();
    const other = await listDeal(app, seller, hybridDeal());
    const id = await uploadAndApprove(seller, admin, deal.id);
    const otherId = await uploadAndApprove(seller, admin, other.id);
    const db = app.database.db;

    // Not yet: nothing lapses before expires_at.
    expect(await lapseExpiredVerifications(db, app.config.origin)).toBe(0);
    await db
      .update(dealVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dealVerifications.id, id));
    await db
      .update(dealVerifications)
      .set({ expiresAt: new Date(Date.now() - 500) })
      .where(eq(dealVerifications.id, otherId));

    const counts = await Promise.all([
      lapseExpiredVerifications(db, app.config.origin),
      lapseExpiredVerifications(db, app.config.origin),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await lapseExpiredVerifications(db, app.config.origin)).toBe(0);

    const rows = await db.select().from(dealVerifications);
    for (const row of rows) expect(row).toMatchObject({ status: 'lapsed', lapsedReason: 'expired' });
    const badges = await db.select({ at: deals.termsVerifiedAt }).from(deals);
    expect(badges.every((b) => b.at === null)).toBe(true);
    expect((await callAs(app, buyer, 'GET', `/api/deals/${deal.id}`)).json().termsVerified).toBeNull();
    const mails = await db.select().from(outbox).where(eq(outbox.template, 'verification_expired'));
    expect(mails).toHaveLength(2);
    const state = (await callAs(app, seller, 'GET', `/api/deals/${deal.id}/verification`)).json();
    expect(state.verification).toMatchObject({ status: 'lapsed', lapsedReason: 'expired' });
  });

  it('the sweep leaves approvals that are not due, and rejected ones, alone', async () => {
    const { seller, admin, deal } = await setup();
    const id = await uploadAndApprove(seller, admin, deal.id);
    const later = await listDeal(app, seller, subToDeal());
    const { verification } = (await upload(seller, later.id, PDF)).json();
    await decide(admin, verification.id, { decision: 'rejected', note: 'Unreadable' });
    await app.database.db
      .update(dealVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(dealVerifications.id, verification.id)));
    expect(await lapseExpiredVerifications(app.database.db, app.config.origin)).toBe(0);
    const [row] = await app.database.db.select().from(dealVerifications).where(eq(dealVerifications.id, id));
    expect(row!.status).toBe('approved');
  });
});

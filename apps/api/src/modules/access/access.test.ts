import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { identityUsers, invitations, outbox, waitlist } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { createInvitation } from '../invitations';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'new.buyer@example.test',
  password: 'Str0ng!Pass',
  firstName: 'Nina',
  lastName: 'Buyer',
  invitationToken: 'missing',
  ...overrides,
});

async function mail(recipient: string, template: string) {
  return app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)));
}

describe('GET /api/auth/validate-invitation/:token', () => {
  it('tells the role of a valid invitation and why another cannot be used', async () => {
    app = await createTestApp();
    const fresh = await createInvitation(app.database.db, { role: 'originator', createdBy: null });
    const ok = await app.inject(`/api/auth/validate-invitation/${fresh.token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, role: 'originator' });

    const unknown = await app.inject('/api/auth/validate-invitation/nope');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'INVITATION_INVALID']);

    const old = await createInvitation(app.database.db, {
      role: 'buyer',
      createdBy: null,
      now: new Date(Date.now() - 91 * 24 * 3600 * 1000),
    });
    const expired = await app.inject(`/api/auth/validate-invitation/${old.token}`);
    expect([expired.statusCode, expired.json().message]).toEqual([410, 'This invitation has expired.']);

    await app.database.db.update(invitations).set({ usedAt: new Date() }).where(eq(invitations.id, fresh.id));
    const used = await app.inject(`/api/auth/validate-invitation/${fresh.token}`);
    expect([used.statusCode, used.json().code]).toEqual([409, 'INVITATION_USED']);
  });
});

describe('POST /api/aws-auth/signup-with-invitation', () => {
  it('creates an unconfirmed account with the role of the invitation and e-mails a code', async () => {
    app = await createTestApp();
    const invitation = await createInvitation(app.database.db, { role: 'originator', createdBy: null });
    const res = await app.inject({
      method: 'POST',
      url: '/api/aws-auth/signup-with-invitation',
      payload: signUpBody({ invitationToken: invitation.token }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userConfirmed: false,
      codeDeliveryDetails: { DeliveryMedium: 'EMAIL' },
    });
    const [account] = await app.database.db
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.username, 'new.buyer@example.test'));
    expect(account).toMatchObject({ status: 'UNCONFIRMED', groups: ['originator'] });
    expect(await mail('new.buyer@example.test', 'confirm_signup')).toHaveLength(1);
  });

  it('lists every missing or invalid field with its message', async () => {
    app = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/aws-auth/signup-with-invitation',
      payload: { email: 'not-an-email', password: 'weak', firstName: ' ', invitationToken: '' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    const messages = (path: string) => errors.filter((e) => e.path === path).map((e) => e.message);
    expect(messages('email')).toEqual(['Please enter a valid e-mail address.']);
    expect(messages('password')).toContain('Password must be at least 8 characters.');
    expect(messages('password')).toContain('Password must contain an upper-case letter.');
    expect(messages('firstName')).toEqual(['First name is required.']);
    expect(messages('lastName')).toEqual(['Last name is required.']);
    expect(messages('invitationToken')).toEqual(['An invitation is required to sign up.']);
  });

  it('refuses a used invitation with its own error and keeps the first account', async () => {
    app = await createTestApp();
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const first = await app.inject({
      method: 'POST',
      url: '/api/aws-auth/signup-with-invitation',
      payload: signUpBody({ invitationToken: invitation.token }),
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({
      method: 'POST',
      url: '/api/aws-auth/signup-with-invitation',
      payload: signUpBody({ email: 'other@example.test', invitationToken: invitation.token }),
    });
    expect([second.statusCode, second.json().code]).toEqual([409, 'INVITATION_USED']);
  });
});

describe('POST /api/auth/public-request-access', () => {
  const request = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/public-request-access', payload });
  const person = {
    firstName: 'Wendy',
    lastName: 'Wait',
    email: 'wendy@example.test',
    phone: '1 (512) 555-0142',
  };

  it('e-mails an invitation while the club has room', async () => {
    app = await createTestApp();
    const res = await request(person);
    expect(res.json()).toEqual({ status: 'invited' });
    const [message] = await mail('wendy@example.test', 'invitation');
    expect(message?.body).toMatch(/\/signup\?token=[\w-]+/);
  });

  it('puts people on the waitlist when the club is full, once', async () => {
    app = await createTestApp({ USER_CAPACITY: '1' });
    await createUser(app);
    const res = await request(person);
    expect(res.json()).toEqual({
      status: 'waitlisted',
      message: "Unfortunately we're not able to allow more users at this time.",
    });
    await request({ ...person, email: 'WENDY@example.test' });
    const rows = await app.database.db.select().from(waitlist);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'wendy@example.test', phoneNumber: '5125550142' });
  });

  it('refuses a phone number that is not 10 digits (or 11 starting with 1)', async () => {
    app = await createTestApp();
    const res = await request({ ...person, phone: '2 512 555 0142' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'phone', message: 'Enter a 10-digit phone number.', key: 'access.validation.phone' },
    ]);
  });

  it('does not reveal an existing account', async () => {
    app = await createTestApp();
    const user = await createUser(app);
    const res = await request({ ...person, email: user.email });
    expect(res.json()).toEqual({ status: 'invited' });
    expect(await mail(user.email, 'invitation')).toHaveLength(0);
    expect(await mail(user.email, 'existing_account')).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('creates a batch of the configured size for a role the caller may grant', async () => {
    app = await createTestApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: seller.headers,
      payload: { role: 'buyer' },
    });
    expect(res.statusCode).toBe(201);
    const items = res.json().items as {
      link: string;
      status: string;
      role: string;
      expiresAt: string;
      createdAt: string;
    }[];
    expect(items).toHaveLength(10);
    expect(new Set(items.map((i) => i.link)).size).toBe(10);
    const days = (Date.parse(items[0]!.expiresAt) - Date.parse(items[0]!.createdAt)) / 86_400_000;
    expect(days).toBe(90);
    expect(items.every((i) => i.status === 'pending' && i.role === 'buyer')).toBe(true);
  });

  it('refuses roles the caller may not grant, and buyers altogether', async () => {
    app = await createTestApp();
    const owner = await createUser(app, { roles: ['owner'] });
    const buyer = await createUser(app, { roles: ['buyer'] });
    const asOwner = await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: owner.headers,
      payload: { role: 'admin' },
    });
    expect(asOwner.statusCode).toBe(403);
    const asBuyer = await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: buyer.headers,
      payload: { role: 'buyer', count: 1 },
    });
    expect(asBuyer.statusCode).toBe(403);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: owner.headers,
      payload: { role: 'buyer', count: 101 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("lists only the caller's invitations, newest first, page by page, with their status", async () => {
    app = await createTestApp();
    const owner = await createUser(app, { roles: ['owner'] });
    const other = await createUser(app, { roles: ['owner'] });
    await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: owner.headers,
      payload: { role: 'buyer', count: 5 },
    });
    await app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: other.headers,
      payload: { role: 'buyer', count: 2 },
    });
    const first = (await app.inject({ url: '/api/invitations?limit=3', headers: owner.headers })).json();
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(3);
    const second = (
      await app.inject({ url: `/api/invitations?limit=3&cursor=${first.nextCursor}`, headers: owner.headers })
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('admin waitlist', () => {
  it('lets admins list the waitlist and invite from it, and nobody else', async () => {
    app = await createTestApp({ USER_CAPACITY: '1' });
    const admin = await createUser(app, { roles: ['admin'] });
    const seller = await createUser(app, { roles: ['originator'] });
    await app.inject({
      method: 'POST',
      url: '/api/auth/public-request-access',
      payload: { firstName: 'Walt', lastName: 'Wait', email: 'walt@example.test', phone: '5125550143' },
    });
    expect((await app.inject({ url: '/api/admin/waitlist', headers: seller.headers })).statusCode).toBe(403);
    const list = (await app.inject({ url: '/api/admin/waitlist', headers: admin.headers })).json();
    expect(list.items).toHaveLength(1);
    const invite = await app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${list.items[0].id}/invite`,
      headers: admin.headers,
      payload: {},
    });
    expect(invite.statusCode).toBe(200);
    expect(invite.json().entry.invitedAt).not.toBeNull();
    expect(await mail('walt@example.test', 'invitation')).toHaveLength(1);
  });
});

describe('paging', () => {
  it('pages through rows that share one timestamp without skipping any', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    // One statement: every row gets the same created_at, to the microsecond.
    await app.database.db.insert(waitlist).values(
      Array.from({ length: 5 }, (_, i) => ({
        firstName: 'W',
        lastName: String(i),
        email: `w${i}@example.test`,
        phoneNumber: '5125550100',
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await app.inject({
          url: `/api/admin/waitlist?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: admin.headers,
        })
      ).json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
    const bad = await app.inject({ url: '/api/admin/waitlist?cursor=nonsense', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('public form limits', () => {
  it('limits request access per client address', async () => {
    app = await createTestApp({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '3' });
    const send = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/public-request-access',
        payload: { firstName: 'R', lastName: 'L', email: `r${i}@example.test`, phone: '5125550100' },
      });
    for (let i = 0; i < 3; i++) expect((await send(i)).statusCode).toBe(200);
    const limited = await send(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

/**
 * Invitation sign-up in AWS mode, against a fake user pool at the wire level on 127.0.0.1 that
 * answers the Cognito JSON protocol, as AWS would.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invitations, outbox, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createInvitation } from '../invitations';

interface Received {
  target: string | undefined;
  body: Record<string, unknown>;
}

let pool: Server;
let received: Received[];
let answer: (req: Received) => { status: number; body: unknown };
let app: FastifyInstance;

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

beforeEach(async () => {
  received = [];
  pool = createServer(async (req, res) => {
    const got = {
      target: req.headers['x-amz-target'] as string | undefined,
      body: JSON.parse(await readBody(req)),
    };
    received.push(got);
    const { status, body } = answer(got);
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => pool.listen(0, '127.0.0.1', resolve));
  const { port } = pool.address() as { port: number };
  app = await createTestApp({
    COGNITO_USER_POOL_ID: 'us-east-2_FakePool1',
    COGNITO_CLIENT_ID: 'fakeclient123',
    COGNITO_ENDPOINT: `http://127.0.0.1:${port}/`,
  });
});

afterEach(async () => {
  await app.close();
  await new Promise((resolve) => pool.close(resolve));
});

const body = (token: string, overrides: Record<string, string> = {}) => ({
  email: 'aws.person@example.test',
  password: 'Str0ng!Pass',
  firstName: 'Ava',
  lastName: 'Pool',
  invitationToken: token,
  ...overrides,
});

const signUp = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/aws-auth/signup-with-invitation', payload: payload as object });

describe('invitation sign-up on an AWS user pool', () => {
  it('creates the account with SignUp and gives the invitation and its role to the new user', async () => {
    const sub = '3f0b8f5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
    answer = () => ({
      status: 200,
      body: {
        UserSub: sub,
        UserConfirmed: false,
        CodeDeliveryDetails: { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      },
    });
    const invitation = await createInvitation(app.database.db, { role: 'originator', createdBy: null });
    const res = await signUp(body(invitation.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userSub: sub, userConfirmed: false });

    expect(received).toHaveLength(1);
    expect(received[0]!.target).toBe('AWSCognitoIdentityProviderService.SignUp');
    expect(received[0]!.body).toMatchObject({
      ClientId: 'fakeclient123',
      Username: 'aws.person@example.test',
      Password: 'Str0ng!Pass',
      UserAttributes: expect.arrayContaining([{ Name: 'given_name', Value: 'Ava' }]),
    });
    const [used] = await app.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(used?.usedBy).toBe(sub);
    const [user] = await app.database.db.select().from(users).where(eq(users.id, sub));
    expect(user).toMatchObject({ roles: ['originator'], firstName: 'Ava', email: 'aws.person@example.test' });
  });

  it('answers a taken address like a new one, tells its owner, and releases the invitation', async () => {
    answer = () => ({
      status: 400,
      body: { __type: 'UsernameExistsException', message: 'An account with the given email already exists.' },
    });
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const res = await signUp(body(invitation.token));
    expect(res.statusCode).toBe(200);
    const [released] = await app.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(released?.usedAt).toBeNull();
    const notices = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'aws.person@example.test'), eq(outbox.template, 'existing_account')));
    expect(notices).toHaveLength(1);
  });

  it("reports the pool's password policy on the password field and keeps the invitation", async () => {
    answer = () => ({
      status: 400,
      body: {
        __type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      },
    });
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const res = await signUp(body(invitation.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'password', message: 'Password did not conform with policy: Password not long enough' },
    ]);
    const [released] = await app.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(released?.usedAt).toBeNull();
  });

  it('refuses a used invitation without calling the pool', async () => {
    answer = () => ({ status: 500, body: {} });
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    await app.database.db
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
    const res = await signUp(body(invitation.token));
    expect([res.statusCode, res.json().code]).toEqual([409, 'INVITATION_USED']);
    expect(received).toHaveLength(0);
  });

  it('answers a failing pool with the spec message and releases the invitation', async () => {
    answer = () => ({ status: 500, body: { __type: 'InternalErrorException', message: 'boom' } });
    const invitation = await createInvitation(app.database.db, { role: 'buyer', createdBy: null });
    const res = await signUp(body(invitation.token));
    expect([res.statusCode, res.json().message]).toEqual([400, 'Failed to sign up with AWS Cognito']);
    const [released] = await app.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(released?.usedAt).toBeNull();
  });

  it('tells the client to use the configured endpoint', async () => {
    const config = (await app.inject('/api/auth/public-config')).json();
    expect(config).toMatchObject({
      mode: 'aws',
      endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
    });
  });
});

import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher';
import type PusherClient from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { userChannel, type NewMessageEvent, type NewThreadEvent } from '@dealclub/shared/chat';
import type { HubOptions } from './hub';
import { createTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { cashDeal, listDeal } from '../../test/deals';
import { connected, listen, nextEvent, pusherClient, RawPeer, subscribed } from '../../test/realtime';
import { channelAuth } from './signatures';

let app: FastifyInstance;
const clients: PusherClient[] = [];
const peers: RawPeer[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const peer of peers.splice(0)) peer.ws.terminate();
  await app?.close();
});

async function start(hub: Partial<HubOptions> = {}) {
  app = await createTestApp({}, { realtimeHub: hub });
  const port = await listen(app);
  return { port, key: app.config.realtime.key, secret: app.config.realtime.secret };
}

function client(port: number, user: TestUser) {
  const c = pusherClient(app, port, user);
  clients.push(c);
  return c;
}

async function peer(port: number, key: string, query?: string) {
  const p = await RawPeer.open(port, key, query);
  peers.push(p);
  return p;
}

const serverSdk = (port: number) =>
  new Pusher({
    appId: app.config.realtime.appId,
    key: app.config.realtime.key,
    secret: app.config.realtime.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });

describe('the embedded realtime server with pusher-js and the pusher SDK', () => {
  it('connects, subscribes to the own channel through the auth endpoint, and receives a triggered event', async () => {
    const { port } = await start();
    const user = await createUser(app);
    const c = client(port, user);
    const socketId = await connected(c);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    const channel = await subscribed(c, userChannel(user.id));
    const received = nextEvent(channel, 'new-message');
    const res = await serverSdk(port).trigger(userChannel(user.id), 'new-message', {
      senderName: 'Sam',
      message: 'hello',
      threadId: 't1',
    });
    expect(res.status).toBe(200);
    expect(await received).toEqual({ senderName: 'Sam', message: 'hello', threadId: 't1' });

    const batch = nextEvent(channel, 'new-thread');
    await serverSdk(port).triggerBatch([
      {
        channel: userChannel(user.id),
        name: 'new-thread',
        data: { message: 'hi', thread: { threadId: 't2' } },
      },
    ]);
    expect(await batch).toEqual({ message: 'hi', thread: { threadId: 't2' } });
  });

  it("refuses another user's channel at the auth endpoint, and forged socket ids", async () => {
    const { port } = await start();
    const [me, other] = [await createUser(app), await createUser(app)];
    const form = (socketId: string, channel: string) =>
      app.inject({
        method: 'POST',
        url: '/api/pusher/auth',
        headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
      });
    expect((await form('123.456', userChannel(other.id))).statusCode).toBe(403);
    expect((await form('123.456', 'private-admin')).statusCode).toBe(403);
    const own = await form('123.456', userChannel(me.id));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      auth: channelAuth(app.config.realtime.key, app.config.realtime.secret, '123.456', userChannel(me.id)),
    });
    for (const forged of ['abc', '123', '1.2.3', '123.456;drop', '']) {
      const res = await form(forged, userChannel(me.id));
      expect(res.statusCode, forged).toBe(400);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.2&channel_name=${userChannel(me.id)}`,
    });
    expect(anonymous.statusCode).toBe(401);

    // pusher-js subscribing to someone else's channel: the auth endpoint's 403 becomes a subscription error.
    const c = client(port, me);
    await connected(c);
    await expect(subscribed(c, userChannel(other.id))).rejects.toThrow(/subscription refused/);
  });

  it('a bad signature, or one made for another socket, gets pusher:subscription_error', async () => {
    const { port, key, secret } = await start();
    const user = await createUser(app);
    const p = await peer(port, key);
    const socketId = await p.socketId();
    p.send({ event: 'pusher:subscribe', data: { channel: userChannel(user.id), auth: `${key}:deadbeef` } });
    const refused = await p.next('pusher:subscription_error');
    expect(refused).toMatchObject({
      channel: userChannel(user.id),
      data: { type: 'AuthError', status: 401 },
    });
    const forOtherSocket = channelAuth(key, secret, '999.999', userChannel(user.id));
    p.send({ event: 'pusher:subscribe', data: { channel: userChannel(user.id), auth: forOtherSocket } });
    expect(await p.next('pusher:subscription_error')).toMatchObject({ data: { status: 401 } });
    p.send({ event: 'pusher:subscribe', data: { channel: 'public-news' } });
    expect(await p.next('pusher:subscription_error')).toMatchObject({ data: { status: 403 } });
    // The right signature for this socket works.
    p.send({
      event: 'pusher:subscribe',
      data: { channel: userChannel(user.id), auth: channelAuth(key, secret, socketId, userChannel(user.id)) },
    });
    expect(await p.next('pusher_internal:subscription_succeeded')).toMatchObject({
      channel: userChannel(user.id),
    });
  });

  it('answers the handshake, ping/pong, and closes with the protocol codes', async () => {
    const { port, key } = await start();
    const p = await peer(port, key);
    const established = await p.next('pusher:connection_established');
    expect(JSON.parse(established.data as string)).toMatchObject({ activity_timeout: 120 });
    p.send({ event: 'pusher:ping', data: {} });
    expect(await p.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });

    const wrongKey = await peer(port, 'not-our-key');
    expect(await wrongKey.next('pusher:error')).toMatchObject({ data: { code: 4001 } });
    expect((await wrongKey.closed).code).toBe(4001);
    const noProtocol = await peer(port, key, 'client=js');
    expect((await noProtocol.closed).code).toBe(4008);
    const oldProtocol = await peer(port, key, 'protocol=5');
    expect((await oldProtocol.closed).code).toBe(4007);
    // A garbled path is turned away (no upgrade) and the server serves the next client.
    const garbled = await peer(port, '%E0%A4%A');
    expect((await garbled.closed).code).toBe(1006);
    const after = await peer(port, key);
    expect(await after.socketId()).toMatch(/^\d+\.\d+$/);
  });

  it('pings a quiet client and closes it with 4201 when no pong comes', async () => {
    const { port, key } = await start({ activityTimeoutSec: 1, pongTimeoutMs: 300, sweepIntervalMs: 100 });
    const p = await peer(port, key);
    await p.socketId();
    expect(await p.next('pusher:ping', 3_000)).toMatchObject({ event: 'pusher:ping' });
    expect((await p.closed).code).toBe(4201);
  });

  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    const { port, key } = await start();
    const p = await peer(port, key);
    await p.socketId();
    for (const bad of ['not json', '[]', '{"data":1}', '{"event":42}', 'null']) {
      p.send(bad);
      expect(await p.next('pusher:error'), bad).toMatchObject({ data: { message: 'Malformed message' } });
    }
    p.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await p.next('pusher:error')).toMatchObject({ data: { message: 'Malformed message' } });
    p.send({ event: 'pusher:subscribe', data: { channel: 'bad channel name!' } });
    expect(await p.next('pusher:error')).toMatchObject({ data: { message: 'Invalid channel name' } });
    p.send({ event: 'client-typing', channel: 'private-user-x', data: {} });
    expect(await p.next('pusher:error')).toMatchObject({
      data: { message: expect.stringContaining('Client events') },
    });
    p.send({ event: 'pusher:ping', data: {} });
    expect(await p.next('pusher:pong')).toBeTruthy();
    // A frame over 10 KB closes the socket (1009: message too big).
    p.send({ event: 'pusher:ping', data: 'x'.repeat(11 * 1024) });
    expect((await p.closed).code).toBe(1009);
  });

  it('rate-limits a flood, then closes it with 4301; other clients are unaffected', async () => {
    const { port, key } = await start();
    const user = await createUser(app);
    const calm = client(port, user);
    await connected(calm);
    const channel = await subscribed(calm, userChannel(user.id));
    const flood = await peer(port, key);
    await flood.socketId();
    for (let i = 0; i < 200; i++) flood.send({ event: 'pusher:ping', data: {} });
    const closed = await flood.closed;
    expect(closed).toEqual({ code: 4301, reason: 'Rate limit exceeded' });
    expect(flood.frames.filter((f) => f.event === 'pusher:pong').length).toBeLessThanOrEqual(21);
    expect(
      flood.frames.some((f) => f.event === 'pusher:error' && (f.data as { code: number }).code === 4301),
    ).toBe(true);
    const received = nextEvent(channel, 'new-message');
    await serverSdk(port).trigger(userChannel(user.id), 'new-message', {
      senderName: 'A',
      message: 'still here',
      threadId: 't',
    });
    expect(await received).toMatchObject({ message: 'still here' });
  });

  it('the trigger API refuses bad signatures, stale timestamps, big bodies and unknown apps', async () => {
    const { port } = await start();
    const wrongSecret = new Pusher({
      appId: app.config.realtime.appId,
      key: app.config.realtime.key,
      secret: 'wrong',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(wrongSecret.trigger('private-user-x', 'new-message', {})).rejects.toMatchObject({
      status: 401,
    });
    const otherApp = new Pusher({
      appId: 'other',
      key: app.config.realtime.key,
      secret: app.config.realtime.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(otherApp.trigger('private-user-x', 'new-message', {})).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      serverSdk(port).trigger('private-user-x', 'new-message', { big: 'x'.repeat(11 * 1024) }),
    ).rejects.toMatchObject({ status: 413 });

    // A request signed 11 minutes ago is refused even though its signature is right.
    const body = JSON.stringify({ name: 'new-message', channels: ['private-user-x'], data: '{}' });
    const old = Math.floor(Date.now() / 1000) - 660;
    const { createHash, createHmac } = await import('node:crypto');
    const md5 = createHash('md5').update(body).digest('hex');
    const path = `/apps/${app.config.realtime.appId}/events`;
    const params = `auth_key=${app.config.realtime.key}&auth_timestamp=${old}&auth_version=1.0&body_md5=${md5}`;
    const signature = createHmac('sha256', app.config.realtime.secret)
      .update(`POST\n${path}\n${params}`)
      .digest('hex');
    const stale = await fetch(`http://127.0.0.1:${port}${path}?${params}&auth_signature=${signature}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(stale.status).toBe(401);
    // The same request, fresh, passes: the check above failed on the time alone.
    const now = Math.floor(Date.now() / 1000);
    const freshParams = params.replace(String(old), String(now));
    const freshSig = createHmac('sha256', app.config.realtime.secret)
      .update(`POST\n${path}\n${freshParams}`)
      .digest('hex');
    const fresh = await fetch(`http://127.0.0.1:${port}${path}?${freshParams}&auth_signature=${freshSig}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(fresh.status).toBe(200);
    // A body changed after signing no longer matches body_md5.
    const tampered = await fetch(
      `http://127.0.0.1:${port}${path}?${freshParams}&auth_signature=${freshSig}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.replace('new-message', 'new-thread'),
      },
    );
    expect(tampered.status).toBe(401);
    const garbage = await fetch(`http://127.0.0.1:${port}${path}?${freshParams}&auth_signature=${freshSig}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('what would have ended the process', () => {
  it('a key too long for a close reason, a bad frame after a refusal, resets during a refused upgrade', async () => {
    const { port, key } = await start();
    const longKey = await peer(port, 'k'.repeat(300));
    expect((await longKey.closed).code).toBe(4001);

    // An unmasked frame (clients must mask) sent to a socket that is being refused.
    const raw = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(
      [
        'GET /app/wrong-key?protocol=7 HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise((resolve) => raw.once('data', resolve));
    raw.write(Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]));
    await new Promise((resolve) => raw.once('close', resolve));

    // Connections reset in the middle of a refused upgrade.
    for (let i = 0; i < 50; i++) {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.on('error', () => {});
      socket.once('connect', () => {
        socket.write(
          `GET /not-realtime HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
        );
        socket.resetAndDestroy();
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still serving.
    const after = await peer(port, key);
    expect(await after.socketId()).toMatch(/^\d+\.\d+$/);
  });

  it('closes a connection that subscribes to nothing (4009), not one that does', async () => {
    const { port, key, secret } = await start({ subscribeTimeoutMs: 300, sweepIntervalMs: 100 });
    const user = await createUser(app);
    const idle = await peer(port, key);
    await idle.socketId();
    const busy = await peer(port, key);
    const socketId = await busy.socketId();
    busy.send({
      event: 'pusher:subscribe',
      data: { channel: userChannel(user.id), auth: channelAuth(key, secret, socketId, userChannel(user.id)) },
    });
    await busy.next('pusher_internal:subscription_succeeded');
    expect((await idle.closed).code).toBe(4009);
    await new Promise((resolve) => setTimeout(resolve, 300));
    busy.send({ event: 'pusher:ping', data: {} });
    expect(await busy.next('pusher:pong')).toBeTruthy();
  });
});

describe('shutdown', () => {
  it('closes connected sockets with 4200 (reconnect elsewhere) and does not wait for them', async () => {
    const { port, key } = await start();
    const p = await peer(port, key);
    await p.socketId();
    // A peer that never answers the close: terminated a second later, so the close completes.
    p.ws.pause();
    await app.close();
    p.ws.resume();
    expect((await p.closed).code).toBe(4200);
  });
});

describe('conversations in realtime', () => {
  it("a buyer's first message reaches the seller as new-thread, the next as new-message", async () => {
    const { port } = await start();
    const seller = await createUser(app, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' });
    const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Bianca', lastName: 'Buyer' });
    const deal = await listDeal(app, seller, cashDeal());
    const c = client(port, seller);
    await connected(c);
    const channel = await subscribed(c, userChannel(seller.id));

    const newThread = nextEvent<NewThreadEvent>(channel, 'new-thread');
    const long = 'Is the roof new? '.repeat(10);
    const started = await callAs(app, buyer, 'POST', '/api/chat/threads', { dealId: deal.id, body: long });
    const threadId = (started.json() as { thread: { threadId: string } }).thread.threadId;
    expect(await newThread).toEqual({
      message: `${long.slice(0, 50)}…`,
      senderName: 'Bianca Buyer',
      thread: { threadId },
    });

    const newMessage = nextEvent<NewMessageEvent>(channel, 'new-message');
    await callAs(app, buyer, 'POST', `/api/chat/threads/${threadId}/messages`, { body: 'Still available?' });
    expect(await newMessage).toEqual({ senderName: 'Bianca Buyer', message: 'Still available?', threadId });
  });
});

describe('hosted realtime (Pusher or soketi)', () => {
  it('publishes through the pusher SDK to the configured service, and tells clients to connect there', async () => {
    // The stand-in for soketi: a second instance's embedded server, which speaks the same protocol.
    const service = await createTestApp({ PUSHER_SECRET: 'shared-secret' });
    try {
      const servicePort = await listen(service);
      app = await createTestApp({
        PUSHER_APP_ID: service.config.realtime.appId,
        PUSHER_KEY: service.config.realtime.key,
        PUSHER_SECRET: 'shared-secret',
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(servicePort),
        PUSHER_USE_TLS: 'false',
      });
      const port = await listen(app);
      expect(app.realtimeHub).toBeNull();
      expect((await app.inject('/api/auth/public-config')).json()).toMatchObject({
        realtime: { host: '127.0.0.1', port: servicePort, useTLS: false, key: service.config.realtime.key },
      });
      // Nothing realtime is served on the API's own port in hosted mode.
      const local = await RawPeer.open(port, app.config.realtime.key);
      peers.push(local);
      expect((await local.closed).code).toBe(1006);

      const seller = await createUser(app, { roles: ['originator'], firstName: 'Sam', lastName: 'Seller' });
      const buyer = await createUser(app, { roles: ['buyer'], firstName: 'Bianca', lastName: 'Buyer' });
      const deal = await listDeal(app, seller, cashDeal());
      // The browser connects to the service and authorises at the API.
      const c = pusherClient(app, servicePort, seller, port);
      clients.push(c);
      await connected(c);
      const channel = await subscribed(c, userChannel(seller.id));
      const newThread = nextEvent<NewThreadEvent>(channel, 'new-thread');
      await callAs(app, buyer, 'POST', '/api/chat/threads', { dealId: deal.id, body: 'Through the service' });
      expect(await newThread).toMatchObject({ message: 'Through the service', senderName: 'Bianca Buyer' });
    } finally {
      await service.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

describe('requests Node refuses before routing', () => {
  it('answer 431 HEADERS_TOO_LARGE with Connection: close, and a keep-alive client loses no next request', async () => {
    app = await createTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          })
          .on('error', reject);
      });
    try {
      expect((await get('/api/health')).status).toBe(200);
      const tooLong = await get(`/api/deals?q=${'x'.repeat(20_000)}`);
      expect(tooLong.status).toBe(431);
      expect(tooLong.headers.connection).toBe('close');
      expect(JSON.parse(tooLong.body)).toEqual({
        code: 'HEADERS_TOO_LARGE',
        message: "The request's address or headers are too long.",
      });
      // The same agent's next request goes on a new connection and is answered.
      expect((await get('/api/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

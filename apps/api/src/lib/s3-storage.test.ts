import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';
import { newFileKey } from './storage';

/**
 * A fake S3 endpoint on loopback that keeps objects in memory and records what the adapter sent, so
 * the real adapter (the AWS SDK underneath) is tested at the wire level.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; url: string; authorization: string; cacheControl?: string }[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = decodeURIComponent(req.url!.split('?')[0]!);
    requests.push({
      method: req.method!,
      url,
      authorization: String(req.headers.authorization ?? ''),
      cacheControl: req.headers['cache-control'] as string | undefined,
    });
    if (req.method === 'PUT') {
      objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'GET') {
      const object = objects.get(url);
      if (!object) {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
      } else {
        res
          .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
          .end(object.body);
      }
    } else if (req.method === 'DELETE') {
      objects.delete(url);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return { server, objects, requests };
}

let fake: ReturnType<typeof fakeS3> | undefined;
afterEach(async () => {
  await new Promise((resolve) => fake?.server.close(resolve));
  fake = undefined;
});

describe('S3Storage against a fake S3 endpoint on loopback', () => {
  it('puts, gets and deletes objects under the bucket and prefix, signed with SigV4', async () => {
    fake = fakeS3();
    await new Promise<void>((resolve) => fake!.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    const storage = new S3Storage({
      bucket: 'deal-files',
      region: 'us-east-2',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      prefix: 'club/',
    });
    const key = newFileKey('logos', 'image/png');
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect(fake.objects.get(`/deal-files/club/${key}`)).toEqual({
      body: Buffer.from('png bytes'),
      type: 'image/png',
    });
    const put = fake.requests[0]!;
    expect(put.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-2\/s3\/aws4_request/,
    );
    expect(put.cacheControl).toBe('public, max-age=31536000, immutable');

    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('png bytes'), contentType: 'image/png' });
    await storage.delete(key);
    expect(fake.objects.size).toBe(0);
    expect(await storage.get(key)).toBeNull();
    // Keys that are not ours never reach the bucket.
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('../x', Buffer.from(''), 'image/png')).rejects.toThrow(/invalid file key/);
    storage.close();
  });
});

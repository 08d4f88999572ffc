/**
 * Local fakes of the SMS providers' HTTP APIs for tests (decision 030), on 127.0.0.1 only: Amazon
 * SNS (the AWS Query protocol, `Action=Publish`, with its SigV4 signature checked as SNS checks it)
 * and Twilio's Messages API (form-encoded, HTTP basic auth). Each records what it received and
 * answers as told — an acceptance by default, or a provider error, or nothing at all (`hang`, for
 * timeouts); `hold` keeps an answer back until the test releases it.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body. */
  body: string;
  /** The body's form fields (both providers take application/x-www-form-urlencoded). */
  form: Record<string, string>;
}

export interface FakeAnswer {
  status: number;
  body: string;
  contentType?: string;
}

/** What the fake does with the next request: answer, or never answer (a provider that hangs). */
export type FakeBehaviour = FakeAnswer | 'hang';

export interface FakeProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: ReceivedRequest[];
  /** Answers to give, in order, before falling back to the default acceptance. */
  script: FakeBehaviour[];
  /** Called when a request arrives, before it is answered (awaited): to look at the database then. */
  onRequest?: (request: ReceivedRequest) => Promise<void> | void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

async function startFake(
  accept: (request: ReceivedRequest) => FakeAnswer,
  check: (request: ReceivedRequest) => FakeAnswer | undefined,
): Promise<FakeProvider> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeProvider = {
    url: '',
    received: [],
    script: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      fake.received.push(request);
      await fake.onRequest?.(request);
      const refused = check(request);
      const next = refused ?? fake.script.shift() ?? accept(request);
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(next.status, { 'content-type': next.contentType ?? 'application/json' });
      res.end(next.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// --- Amazon SNS ---------------------------------------------------------------------------------

export const FAKE_AWS = { accessKeyId: 'AKIDFAKESNS0EXAMPLE', secretAccessKey: 'fake-sns-secret-key' };

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Whether a request carries a valid AWS Signature Version 4 for `secretAccessKey`, and its
 * credential scope. Recomputed from the request as received, as the service does.
 */
export function verifySigV4(
  request: ReceivedRequest,
  secretAccessKey: string,
): { valid: boolean; accessKeyId?: string; region?: string; service?: string } {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { valid: false };
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  // The payload's hash, when the signer sent it, must be this body's: else the body was changed.
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? sha256(request.body));
  if (payloadHash !== sha256(request.body)) return { valid: false };
  const canonicalRequest = [
    request.method,
    request.path,
    '',
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return { valid: expected === signature, accessKeyId, region, service };
}

const xml = (status: number, body: string): FakeAnswer => ({ status, body, contentType: 'text/xml' });

/** SNS's error answer (the Query protocol's ErrorResponse). */
export function snsError(status: number, code: string, message: string): FakeAnswer {
  const type = status >= 500 ? 'Receiver' : 'Sender';
  return xml(
    status,
    `<ErrorResponse><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/**
 * Amazon SNS: `Publish` to a phone number is accepted with a new MessageId; a request whose SigV4
 * signature does not verify with {@link FAKE_AWS} is refused as SNS refuses it (403
 * SignatureDoesNotMatch).
 */
export function startFakeSns(): Promise<FakeProvider & { messageIds: string[] }> {
  const messageIds: string[] = [];
  return startFake(
    () => {
      const id = randomUUID();
      messageIds.push(id);
      return xml(
        200,
        `<PublishResponse><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
      );
    },
    (request) => {
      const signature = verifySigV4(request, FAKE_AWS.secretAccessKey);
      if (!signature.valid || signature.service !== 'sns')
        return snsError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
      if (request.form.Action !== 'Publish') return snsError(400, 'InvalidAction', 'Unknown action');
      return undefined;
    },
  ).then((fake) => Object.assign(fake, { messageIds }));
}

// --- Twilio -------------------------------------------------------------------------------------

export const FAKE_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'fake-twilio-auth-token',
  from: '+15125550100',
};

/** Twilio's error answer: JSON `{ code, message, status }`. */
export function twilioError(status: number, code: number, message: string): FakeAnswer {
  return { status, body: JSON.stringify({ code, message, status }) };
}

/**
 * Twilio's Messages API for {@link FAKE_TWILIO}'s account: a message is created (201, a new SID);
 * wrong credentials get Twilio's 401 (code 20003), another path its 404 (code 20404).
 */
export function startFakeTwilio(): Promise<FakeProvider & { sids: string[] }> {
  const sids: string[] = [];
  const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
  return startFake(
    (request) => {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      sids.push(sid);
      return {
        status: 201,
        body: JSON.stringify({
          sid,
          account_sid: FAKE_TWILIO.accountSid,
          to: request.form.To,
          from: request.form.From,
          body: request.form.Body,
          status: 'queued',
        }),
      };
    },
    (request) => {
      if (request.headers.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
      if (
        request.method !== 'POST' ||
        request.path !== `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`
      )
        return twilioError(404, 20404, 'The requested resource was not found');
      return undefined;
    },
  ).then((fake) => Object.assign(fake, { sids }));
}

/**
 * An answer kept whole: its JSON bytes, an ETag of them, and each compressed form made once, when a
 * client first asks for it. Each form has a strong ETag of its own (the hash, and the encoding's name
 * after it), as two different byte sequences must: a cache that holds the brotli bytes revalidates
 * them, not the plain ones. The buyer map's first page carries every ZIP with buyers (30,000 ZIPs
 * are 4 MB of JSON): written, compressed and hashed once per data version instead of per request,
 * and not sent again to a client that already has it (`If-None-Match` → 304).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD_BYTES } from './compression';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

export class CachedBody {
  readonly json: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(text: string) {
    this.json = Buffer.from(text);
    this.etag = `"${createHash('sha1').update(this.json).digest('base64url')}"`;
  }

  /** The ETag of the answer's bytes in `encoding` (none: the JSON itself). */
  etagOf(encoding: Encoding | undefined): string {
    return encoding ? `${this.etag.slice(0, -1)}-${encoding}"` : this.etag;
  }

  /** Bytes held: the JSON and, at most, as much again for its compressed forms. */
  get size(): number {
    return this.json.length * 2;
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      // As plugins/compression.ts: brotli at quality 4.
      made = encoding === 'br' ? brotli(this.json, BROTLI_OPTIONS) : gzipped(this.json);
      this.encoded.set(encoding, made);
    }
    return made;
  }
}

/** The client's preferred encoding we make (brotli, then gzip), if it takes one. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return undefined;
  const accepted = new Map(
    header.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends `body` as the answer: 304 when the client holds this very answer in the encoding it would
 * be sent in, else its bytes in the client's encoding (the compression plugin leaves an answer that has one alone). JSON unless
 * `type` says otherwise; `vary` names what else than the encoding chose the answer.
 */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl: string,
  { type = 'application/json; charset=utf-8', vary = 'accept-encoding' } = {},
) {
  const encoding = body.json.length >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request) : undefined;
  const etag = body.etagOf(encoding);
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', vary);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(type);
  if (!encoding) return reply.send(body.json);
  return reply.header('content-encoding', encoding).send(await body.encodedAs(encoding));
}

/**
 * What the fuzz run sends: a seeded PRNG, values made from the OpenAPI schemas of `/api/docs/json`,
 * and the ways each part of a request is broken (path parameters, bodies, content types, query
 * strings, tokens). Pure functions of the PRNG, so a seed gives the same requests every run.
 */

/** mulberry32: small, fast and good enough to pick cases. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

const WORDS = ['Austin', 'cash', 'SubTo', 'TX', 'Reno', 'house', 'deal', 'ok', 'Ñandú', '😀', 'a b'];

/** A value that the schema accepts, as far as a quick reading of it can tell. */
export function sample(rng: Random, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return sample(rng, rng.pick(union), depth + 1);
  if (schema.allOf?.length) return sample(rng, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = sample(rng, property, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = min + rng.int(Math.min(3, (schema.maxItems ?? min + 3) - min + 1));
      return Array.from({ length: count }, () => sample(rng, schema.items, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? Math.max(min + 1000, 500_000);
      const value = min + rng.next() * (Math.min(max, min + 1_000_000) - min);
      return type === 'integer' ? Math.floor(value) : Math.round(value * 100) / 100;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'string':
      return sampleString(rng, schema);
    default:
      return rng.pick(['x', 1, true, null]);
  }
}

function sampleString(rng: Random, schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUuid(rng);
    case 'email':
      return `fuzz${rng.int(1e6)}@example.test`;
    case 'date':
      return `20${10 + rng.int(40)}-0${1 + rng.int(9)}-1${rng.int(9)}`;
    case 'date-time':
      return new Date(Date.UTC(2020 + rng.int(10), rng.int(12), 1 + rng.int(28))).toISOString();
    case 'uri':
      return rng.pick(['https://example.test/hook', 'http://127.0.0.1:9/x', 'https://example.test/']);
  }
  const min = schema.minLength ?? 1;
  let text = rng.pick(WORDS);
  while (text.length < min) text += ' ' + rng.pick(WORDS);
  return schema.maxLength ? text.slice(0, schema.maxLength) : text;
}

export function randomUuid(rng: Random): string {
  const hex = () => rng.int(16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

/** Path parameter values that no route should choke on. */
export function malformedParam(rng: Random): string {
  return rng.pick([
    '99999999999999999999999999999999',
    '-1',
    '0',
    '1e309',
    'NaN',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-0000-0000-0000000000000',
    'ZZZZZZZZ-0000-0000-0000-000000000000',
    '{00000000-0000-0000-0000-000000000000}',
    encodeURIComponent('ünïcødé-😀'),
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    'a%00b',
    '%ff',
    '%',
    '%zz',
    'x'.repeat(2000 + rng.int(3000)),
    encodeURIComponent("' or 1=1 --"),
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '%20',
    encodeURIComponent('[]'),
    randomUuid(rng).toUpperCase(),
    randomUuid(rng).replace(/-/g, ''),
  ]);
}

/** A JSON text nested `levels` deep, made without recursion. */
export function deepJson(rng: Random, levels: number): string {
  if (rng.chance(0.5)) return '['.repeat(levels) + ']'.repeat(levels);
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

function breakValue(rng: Random): unknown {
  return rng.pick<unknown>([
    null,
    '',
    ' ',
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    true,
    [],
    {},
    [1, 'a', null],
    { nested: { deeper: [1] } },
    'x'.repeat(10_000),
    '\u0000',
    'a\u0000b',
    '\ud800',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '9'.repeat(400),
    '2026-13-45',
    '-0',
    'NaN',
    'Infinity',
    '😀'.repeat(300),
  ]);
}

/** Raw numbers JSON can hold but a JavaScript number cannot (1e400 parses to Infinity). */
const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '-0', '123456789012345678901234567890', '0.1e-7'];

export type BodyCase = { kind: string; text: string | Buffer };

/** The body for an operation: valid, or broken in one of the ways listed. */
export function body(rng: Random, schema: JsonSchema | undefined): BodyCase {
  const valid = sample(rng, schema ?? { type: 'object', properties: {} });
  const asObject = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
  const kind = rng.pick([
    'valid',
    'valid',
    'valid',
    'wrongTypes',
    'wrongTypes',
    'missing',
    'extra',
    'deep',
    'deepField',
    'bigArray',
    'bigString',
    'proto',
    'protoNested',
    'constructor',
    'badUtf8',
    'bom',
    'empty',
    'garbage',
    'truncated',
    'rawNumbers',
    'topLevel',
    'nul',
    'duplicateKeys',
  ]);
  switch (kind) {
    case 'valid':
      return { kind, text: JSON.stringify(valid) };
    case 'wrongTypes': {
      const out = asObject(valid);
      const keys = Object.keys(out);
      for (let i = 0; i < 1 + rng.int(3) && keys.length; i++) out[rng.pick(keys)] = breakValue(rng);
      return { kind, text: JSON.stringify(out) };
    }
    case 'missing': {
      const out = asObject(valid);
      for (const key of Object.keys(out)) if (rng.chance(0.5)) delete out[key];
      return { kind, text: JSON.stringify(out) };
    }
    case 'extra': {
      const out = asObject(valid);
      for (let i = 0; i < 1 + rng.int(5); i++) out[`extra${rng.int(100)}`] = breakValue(rng);
      return { kind, text: JSON.stringify(out) };
    }
    case 'deep':
      return { kind, text: deepJson(rng, rng.pick([100, 1000, 10_000, 50_000])) };
    case 'deepField': {
      const text = JSON.stringify(asObject(valid));
      const deep = deepJson(rng, rng.pick([65, 500, 10_000]));
      return { kind, text: text === '{}' ? `{"x":${deep}}` : `${text.slice(0, -1)},"x":${deep}}` };
    }
    case 'bigArray': {
      const count = rng.pick([1000, 50_000, 200_000]);
      return { kind, text: `{"items":[${Array.from({ length: count }, () => '1').join(',')}]}` };
    }
    case 'bigString': {
      const out = asObject(valid);
      const key = Object.keys(out)[0] ?? 'message';
      out[key] = 'x'.repeat(rng.pick([100_000, 900_000, 1_100_000]));
      return { kind, text: JSON.stringify(out) };
    }
    case 'proto': {
      const rest = JSON.stringify(asObject(valid)).slice(1);
      const poison = '"__proto__":{"isAdmin":true,"roles":["admin"]}';
      return { kind, text: rest === '}' ? `{${poison}}` : `{${poison},${rest}` };
    }
    case 'protoNested':
      return {
        kind,
        text: JSON.stringify({ ...asObject(valid), filters: JSON.parse('{"__proto__":{"polluted":1}}') }),
      };
    case 'constructor':
      return { kind, text: `{"constructor":{"prototype":{"polluted":1}},"prototype":{"x":1}}` };
    case 'badUtf8': {
      const text = Buffer.from(JSON.stringify(valid));
      const position = Math.max(1, rng.int(text.length));
      return {
        kind,
        text: Buffer.concat([
          text.subarray(0, position),
          Buffer.from(rng.pick([[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x00]])),
          text.subarray(position),
        ]),
      };
    }
    case 'bom':
      return { kind, text: '\ufeff' + JSON.stringify(valid) };
    case 'empty':
      return { kind, text: '' };
    case 'garbage':
      return { kind, text: Buffer.from(Array.from({ length: 1 + rng.int(300) }, () => rng.int(256))) };
    case 'truncated': {
      const text = JSON.stringify(valid);
      return { kind, text: text.slice(0, rng.int(text.length)) };
    }
    case 'rawNumbers': {
      const out = asObject(valid);
      const keys = Object.keys(out);
      const key = keys.length ? rng.pick(keys) : 'n';
      out[key] = '@@RAW@@';
      return { kind, text: JSON.stringify(out).replace('"@@RAW@@"', rng.pick(RAW_NUMBERS)) };
    }
    case 'topLevel':
      return { kind, text: rng.pick(['null', '1', '"x"', '[]', 'true', '[{}]', '""']) };
    case 'nul': {
      const out = asObject(valid);
      out[rng.pick([...Object.keys(out), 'k'])] = 'a\u0000b';
      return { kind, text: JSON.stringify(out) };
    }
    default: {
      const text = JSON.stringify(valid);
      return { kind, text: text === '{}' ? '{"a":1,"a":2}' : `${text.slice(0, -1)},${text.slice(1)}` };
    }
  }
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/x-amz-json-1.1',
  '*/*',
  '',
  'garbage',
  'application/json; boundary=x; charset=utf-16',
];

/** A multipart body with a file part, complete or broken. */
export function multipartBody(rng: Random): { contentType: string; text: Buffer; kind: string } {
  const boundary = `fuzz${rng.int(1e9)}`;
  const kind = rng.pick([
    'png',
    'garbageFile',
    'noFile',
    'truncated',
    'badBoundary',
    'manyParts',
    'hugeName',
  ]);
  const file = (name: string, type: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]);
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const contentType = `multipart/form-data; boundary=${boundary}`;
  switch (kind) {
    case 'png':
      return { kind, contentType, text: Buffer.concat([file('a.png', 'image/png', png), end]) };
    case 'garbageFile':
      return {
        kind,
        contentType,
        text: Buffer.concat([
          file(
            'a.jpg',
            rng.pick(['image/jpeg', 'application/pdf', 'image/png']),
            Buffer.from('not an image'),
          ),
          end,
        ]),
      };
    case 'noFile':
      return { kind, contentType, text: Buffer.concat([field('caption', 'x'), end]) };
    case 'truncated':
      return { kind, contentType, text: file('a.png', 'image/png', png).subarray(0, 60 + rng.int(40)) };
    case 'badBoundary':
      return {
        kind,
        contentType: 'multipart/form-data; boundary=other',
        text: Buffer.concat([file('a.png', 'image/png', png), end]),
      };
    case 'manyParts':
      return {
        kind,
        contentType,
        text: Buffer.concat([
          ...Array.from({ length: 12 }, (_, i) => field(`f${i}`, 'v')),
          file('a.png', 'image/png', png),
          file('b.png', 'image/png', png),
          end,
        ]),
      };
    default:
      return {
        kind,
        contentType,
        text: Buffer.concat([file(`${'n'.repeat(5000)}\u0000.png`, 'image/png', png), end]),
      };
  }
}

/** A query string: from the operation's parameters, then broken. */
export function queryString(rng: Random, names: string[], values: (name: string) => string): string {
  const pairs: string[] = [];
  for (const name of names) if (rng.chance(0.5)) pairs.push(`${name}=${encodeURIComponent(values(name))}`);
  const kind = rng.int(10);
  const target = names.length ? rng.pick(names) : 'q';
  if (kind === 0) pairs.push(`${target}=1`, `${target}=2`, `${target}=3`);
  if (kind === 1) pairs.push(`${target}[]=1`, `${target}[0]=2`, `${target}[a][b]=3`);
  if (kind === 2) pairs.push(`${target}=${'x'.repeat(2000 + rng.int(5000))}`);
  if (kind === 3) pairs.push(`${target}=${rng.pick(['%zz', '%', '%00', '%ff', '%ef%bf', '%F0%9F%98%80'])}`);
  if (kind === 4) pairs.push(`${target}=${rng.pick(['-1', '1e309', '99999999999999999999', 'NaN', '0x10'])}`);
  if (kind === 5) pairs.push('__proto__[x]=1', 'constructor[prototype][x]=1', '__proto__=1');
  if (kind === 6) pairs.push(...Array.from({ length: 200 }, (_, i) => `k${i}=${i}`));
  if (kind === 7) pairs.push('=', '&&', '==', `${target}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * An `Idempotency-Key` header as a broken or a hostile client sends it: empty, blank, too long (over
 * 255, and over the header limit), with control characters HTTP lets through (tab, C1 controls in
 * Latin-1), non-ASCII, quoted and half-quoted, sent twice — and sometimes a good key, so that some
 * reach the claim and a repeat (the fuzzer sends the same few keys again).
 */
export function idempotencyKey(rng: Random): string | string[] {
  return rng.pick<string | string[]>([
    '',
    ' ',
    'x'.repeat(256),
    'x'.repeat(255),
    'x'.repeat(4000 + rng.int(4000)),
    'x'.repeat(20_000),
    'tab\tinside',
    '\tleading-tab',
    'c1\u0085control',
    '\u009b[31m',
    'clé-ünïcødé',
    'two words',
    '"quoted-key"',
    '"',
    '""',
    '"half',
    '"a\\"b"',
    ',',
    '%00',
    ['fuzz-key-1', 'fuzz-key-2'],
    ['fuzz-key-1', ''],
    `fuzz-key-${rng.int(4)}`,
    randomUuid(rng),
  ]);
}

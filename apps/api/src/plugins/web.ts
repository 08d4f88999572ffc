/**
 * Serves the built web app: hashed files under /assets with a year of caching, other static files
 * with an hour, and index.html (never cached) for every route of the app's route table. Any other
 * path that is not the API's gets index.html too, so the app shows its not-found page, but with
 * status 404 so that the answer is honest to crawlers and link checkers.
 *
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every file worth compressing;
 * the one the browser accepts is sent as it is, with `Vary: Accept-Encoding`, so a phone's first
 * visit downloads a quarter of the bytes and the server compresses nothing at request time.
 */
import { acceptedLanguages } from '../lib/content-language';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorMessage } from '@dealclub/shared/error-messages';
import { ZIP_PATTERN } from '@dealclub/shared/geo';
import type { Language } from '@dealclub/shared/constants';
import { resolveInitialLanguage } from '@dealclub/shared/language';
import { MEMBER_HINT_COOKIE } from '@dealclub/shared/prerendered';
import { matchBuiltRoute } from '@dealclub/shared/routes';
import { AppError } from '../lib/app-error';
import { CachedBody, sendCachedBody } from '../lib/cached-body';
import { VersionedCache } from '../lib/versioned-cache';
import { sendError } from './errors';
import { zipPageDocument } from './zip-page';

/**
 * Headers that govern a document (framing, CSP, referrer, cross-origin isolation) and mean nothing
 * on a script, a style sheet or an image. A first visit fetches a few dozen built files; without
 * these each answer is half the size of a small chunk lighter. `nosniff` and the resource policy,
 * which do apply to subresources, stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Validators of a cached copy, which a file under `/assets/` never needs: its name holds its
 * content's hash and it is sent `immutable`, so a browser never asks whether it changed (a new
 * build is new names). Some 90 bytes of every built file's answer; a first visit fetches a dozen
 * or more (issue 32). Files outside `/assets/` (the service worker, the icons) keep them.
 */
const VALIDATORS_OF_HASHED_FILES = ['etag', 'last-modified', 'accept-ranges'];

/** The web app's service worker (Web Push notifications), at the root so its scope is the app. */
const SERVICE_WORKER = 'sw.js';

/** Paths that belong to the server, never to the web app. */
const SERVER_PREFIXES = ['/api', '/cognito', '/app', '/apps', '/assets'];

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: Brotli when accepted, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function readIfPresent(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** The cookie the web app keeps the reader's language choice in (apps/web/src/lib/i18n.ts). */
export const LANGUAGE_COOKIE = 'language';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** `dist/preloads.json` (apps/web/build/route-preloads.ts). */
interface Preloads {
  locales: Record<string, string[]>;
  screens: Record<string, string[]>;
  /** Per screen and language, its text sections' chunks (absent in a build before stop 48). */
  sections?: Record<string, Record<string, string[]>>;
}

type Encoded = { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

/**
 * The page for a path: index.html with `modulepreload` links to the chunks its screen needs, to
 * the text sections it waits for and to the texts of the reader's language (as the app will choose it: the saved choice, which the app
 * mirrors in a cookie, else the browser's languages), so that the browser fetches them alongside
 * the entry instead of after it has run. Built once per screen and language, compressed once.
 */
function pageRenderer(indexHtml: Buffer, preloads: Preloads | undefined) {
  const cache = new Map<string, Encoded>();
  return (routeId: string | undefined, language: string): Encoded => {
    const key = `${routeId ?? ''}|${language}`;
    let page = cache.get(key);
    if (!page) {
      const files = [
        ...(preloads?.locales[language] ?? []),
        ...((routeId && preloads?.screens[routeId]) || []),
        ...((routeId && preloads?.sections?.[routeId]?.[language]) || []),
      ];
      const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
      const html = Buffer.from(indexHtml.toString('utf8').replace('</head>', `${links}</head>`));
      page = {
        identity: html,
        br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      cache.set(key, page);
    }
    return page;
  };
}

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = readIfPresent(indexFile);
  const preloadsFile = readIfPresent(path.join(distDir, 'preloads.json'));
  const renderPage = indexHtml
    ? pageRenderer(
        indexHtml,
        preloadsFile ? (JSON.parse(preloadsFile.toString('utf8')) as Preloads) : undefined,
      )
    : undefined;
  if (!indexHtml) {
    app.log.warn(`web app not built (no ${indexFile}); run "npm run build" to serve it`);
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      // Our own cache policy below; the plugin's default (max-age=0) would be sent otherwise.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        // The service worker is checked for updates on every visit: a cached copy would keep an old
        // worker running for as long as the cache says.
        const serviceWorker = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '') === SERVICE_WORKER;
        (reply as unknown as FastifyReply).header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : serviceWorker
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  app.addHook('onSend', async (request, reply) => {
    // Built files only: uploads (/files) keep their own sandboxing policy.
    if (
      request.url.startsWith('/assets/') &&
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    ) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      for (const header of VALIDATORS_OF_HASHED_FILES) reply.removeHeader(header);
    }
  });

  /**
   * The public ZIP page's document with its figures written in (decision 034, zip-page.ts), per ZIP
   * and language, made again when the answer changes (its ETag is the version): hashed and
   * compressed once, and bounded in bytes as the answers are (a crawler walking every ZIP in both
   * languages must not hold the documents of all of them).
   */
  const zipPages = new VersionedCache<CachedBody>({
    maxBytes: 32 * 2 ** 20,
    maxAgeMs: 60 * 60_000,
    sizeOf: (document) => document.size + 64,
  });
  /** The ZIP's document; 'missing' for a ZIP that is malformed or unknown; undefined if it could not be read. */
  async function zipPage(zipCode: string, language: Language, member: boolean, page: Encoded) {
    if (!ZIP_PATTERN.test(zipCode)) return 'missing';
    if (!app.hasDecorator('buyerAnalytics')) return undefined;
    let answer: CachedBody;
    try {
      answer = await app.buyerAnalytics.zipAnalytics(zipCode);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return 'missing';
      // A failed read: the app's own document, whose screen asks the API itself and says what it
      // answers.
      app.log.warn({ err: error }, 'the ZIP page was served without its figures');
      return undefined;
    }
    return zipPages.get(
      `${zipCode}|${language}|${member ? 'member' : 'visitor'}`,
      answer.etag,
      async () =>
        new CachedBody(
          zipPageDocument(page.identity.toString('utf8'), answer.json.toString('utf8'), language, member),
        ),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (!isPage || !renderPage) {
      return sendError(reply, 404, { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND') });
    }
    const route = matchBuiltRoute(pathname);
    const language = resolveInitialLanguage(
      cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
      acceptedLanguages(request.headers['accept-language']),
    );
    // A redirect route's page is its target's; the app's router sends the browser there.
    const page = renderPage(route && !route.redirectTo ? route.id : undefined, language);
    const vary = 'Accept-Encoding, Accept-Language, Cookie';
    // A ZIP page of a ZIP that does not exist is the app's not-found page, and says so (404).
    let found = Boolean(route);
    if (route?.id === 'zipAnalytics') {
      // A member's browser says so (MEMBER_HINT_COOKIE): their page has no sign-up box.
      const member = cookieValue(request.headers.cookie, MEMBER_HINT_COOKIE) === '1';
      const document = await zipPage(pathname.split('/')[2] ?? '', language, member, page);
      if (document instanceof CachedBody)
        return sendCachedBody(request, reply, document, 'no-cache', {
          type: 'text/html; charset=utf-8',
          vary,
        });
      if (document === 'missing') found = false;
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const encoded = encoding && page[encoding];
    reply
      .status(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', vary)
      .type('text/html; charset=utf-8');
    return encoded ? reply.header('content-encoding', encoding).send(encoded) : reply.send(page.identity);
  });
}

/**
 * The HTTP helper of shell §7: any method, a JSON body when there is data, an `x-api-key` header
 * sent empty, credentials included; a non-ok reply raises {@link ApiError} with status, status text
 * and the parsed body. The session feature plugs in the bearer token and the refresh-and-retry-once
 * on 401 through {@link setAuthHandlers}.
 */
import { isErrorBody, type ErrorBody } from '@dealclub/shared/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(isErrorBody(body) ? body.message : `${status} ${statusText}`);
    this.name = 'ApiError';
  }

  /** The stable error code of the API (API.md), when the body has one. */
  get code(): ErrorBody['code'] | undefined {
    return isErrorBody(this.body) ? this.body.code : undefined;
  }
}

/**
 * Whether an error means the thing asked for is missing, or not this user's to see (the API never
 * says which): a 404 (LISTING_NOT_FOUND, THREAD_NOT_FOUND...), or a 400 for an id that cannot be one.
 */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || error.status === 400 || error.code === 'LISTING_NOT_FOUND')
  );
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Appends parameters: arrays repeat the key, null and undefined are skipped (shell §7). */
export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as readonly QueryValue[]) {
      if (v !== null && v !== undefined) search.append(key, String(v));
    }
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

const PUBLIC_PATHS = ['/api/auth/public-', '/api/health', '/api/analytics/zip-analytics', '/api/help/'];
/**
 * Public calls that still read a token when one is sent: a signed-in reader's 'Was this helpful?'
 * is theirs, and their own vote comes back with the page (docs/decisions/020-help-centre.md).
 */
const TOKEN_WHEN_SIGNED_IN = ['/api/help/'];
/** The roadmap's list (not its votes): public, and a signed-in reader's `votedByMe` is theirs. */
const ROADMAP_LIST = /\/api\/features(?:[?#]|$)/;

/**
 * Paths that need no token (shell §6). The help admin path is private, reading included: the
 * server keeps drafts and vote counts to admins.
 */
export function isPublicPath(path: string): boolean {
  if (path.includes('/api/help/admin')) return false;
  return ROADMAP_LIST.test(path) || PUBLIC_PATHS.some((p) => path.includes(p));
}

/** Whether a call carries the session's token when there is one. */
export function sendsToken(path: string): boolean {
  return !isPublicPath(path) || ROADMAP_LIST.test(path) || TOKEN_WHEN_SIGNED_IN.some((p) => path.includes(p));
}

export interface AuthHandlers {
  /** The current ID token, if any. */
  getToken(): string | null;
  /** Forces a refresh; resolves to the new token or null when the session is gone. */
  refresh(): Promise<string | null>;
}

let auth: AuthHandlers | null = null;

export function setAuthHandlers(handlers: AuthHandlers | null) {
  auth = handlers;
}

/** The current ID token, for the calls that do not go through this helper (realtime authorisation). */
export function currentToken(): string | null {
  return auth?.getToken() ?? null;
}

/** A create call's values with the `Idempotency-Key` of their submission (sent as the header, not in the body). */
export type Keyed<T> = T & { idempotencyKey?: string };

export interface RequestOptions {
  method?: string;
  data?: unknown;
  /** A multipart body (uploads); the browser sets its content type and boundary. */
  form?: FormData;
  query?: QueryParams;
  signal?: AbortSignal;
  /** The `accept` header; JSON unless a call downloads a file. */
  accept?: string;
  /** The `accept-language` header: content in two languages comes in the app's current one. */
  language?: string;
  /**
   * The `Idempotency-Key` header of a create call (API.md, Conventions): sent again with the same
   * key, a request the server already did is answered with its first result, not done twice.
   */
  idempotencyKey?: string;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json', 'x-api-key': '' };
  if (options.data !== undefined && !options.form) headers['content-type'] = 'application/json';
  if (options.language) headers['accept-language'] = options.language;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (token && sendsToken(path)) headers.authorization = `Bearer ${token}`;
  return fetch(withQuery(path, options.query), {
    method,
    headers,
    body: options.form ?? (options.data === undefined ? undefined : JSON.stringify(options.data)),
    credentials: 'include',
    signal: options.signal,
  });
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends with the current token; on a 401 refreshes the session once and sends again. */
async function sendAuthorized(path: string, options: RequestOptions): Promise<Response> {
  const res = await send(path, options, auth?.getToken() ?? null);
  if (res.status === 401 && auth && !isPublicPath(path)) {
    const token = await auth.refresh();
    if (token) return send(path, options, token);
  }
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await sendAuthorized(path, options);
  const body = await parseBody(res);
  if (!res.ok) throw new ApiError(res.status, res.statusText, body);
  return body as T;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred), if any. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

/**
 * A file the API answers (the CSV exports), fetched with the bearer token like any call — which is
 * why it cannot be a plain link — as a Blob with the name the server gave it.
 */
export async function apiDownload(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await sendAuthorized(path, { accept: '*/*', ...options });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await parseBody(res));
  return { blob: await res.blob(), filename: attachmentName(res.headers.get('content-disposition')) };
}

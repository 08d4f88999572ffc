/**
 * What a user has typed in a form and not yet saved, kept in this browser while they type, so that a
 * session that ends (a sign-out elsewhere, a revoked or expired token) loses nothing (issue 33;
 * DECISIONS.md, "When a session ends"). One entry per user and form:
 * `dealclub:draft:<userId>:<form>[:<id>]`, versioned, never older than 7 days, removed when the form
 * is saved and at a normal sign-out. Files chosen in a form are not kept, only their names, so the
 * form can say which to choose again. The entry also keeps the `Idempotency-Key` of the last
 * submission of these very values (API.md, Conventions): sent again after a new sign-in, a request
 * the server had already committed is answered with its first result instead of being done twice.
 */
const PREFIX = 'dealclub:draft:';
/** Raised when what a draft holds changes shape; older drafts are then dropped, not misread. */
export const DRAFT_VERSION = 1;
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface Draft<T> {
  values: T;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
  /** The names of the files the form had chosen; they are not kept. */
  files: string[];
  /** The key of the last submission and the fingerprint of the body it was sent with. */
  submission?: { key: string; body: string };
}

interface Stored<T> extends Draft<T> {
  v: number;
}

export interface DraftAddress {
  userId: string;
  form: string;
  /** What the form edits or answers (a deal, a thread), when it is one of many. */
  id?: string;
}

export function draftKey({ userId, form, id }: DraftAddress): string {
  return `${PREFIX}${userId}:${form}${id ? `:${id}` : ''}`;
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a privacy setting): the forms work as before, without drafts.
    return null;
  }
}

const isFresh = (stored: Stored<unknown>, now: number) =>
  stored.v === DRAFT_VERSION &&
  typeof stored.savedAt === 'number' &&
  now - stored.savedAt <= DRAFT_MAX_AGE_MS &&
  Array.isArray(stored.files);

function parse(text: string | null): Stored<unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Stored<unknown> | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** The user's draft of a form, if one is kept and fresh; a stale or older-version one is removed. */
export function readDraft<T>(address: DraftAddress, now = Date.now()): Draft<T> | null {
  const storage = store();
  if (!storage) return null;
  const key = draftKey(address);
  const stored = parse(storage.getItem(key));
  if (!stored) return null;
  if (!isFresh(stored, now)) {
    storage.removeItem(key);
    return null;
  }
  const { values, savedAt, files, submission } = stored as Stored<T>;
  return { values, savedAt, files, ...(submission ? { submission } : {}) };
}

export function writeDraft<T>(address: DraftAddress, draft: Omit<Draft<T>, 'savedAt'>, now = Date.now()) {
  const stored: Stored<T> = { v: DRAFT_VERSION, savedAt: now, ...draft };
  try {
    store()?.setItem(draftKey(address), JSON.stringify(stored));
  } catch {
    // Full or refused: the form goes on; only the draft is not kept.
  }
}

export function removeDraft(address: DraftAddress) {
  store()?.removeItem(draftKey(address));
}

function keysWhere(test: (key: string) => boolean): string[] {
  const storage = store();
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && test(key)) keys.push(key);
  }
  return keys;
}

/** At a normal sign-out: the user's drafts go with the session they belonged to. */
export function removeUserDrafts(userId: string) {
  for (const key of keysWhere((k) => k.startsWith(`${PREFIX}${userId}:`))) store()?.removeItem(key);
}

/** Every user's drafts older than 7 days (or of an older version) are removed; run at start-up. */
export function pruneDrafts(now = Date.now()) {
  const storage = store();
  for (const key of keysWhere(() => true)) {
    const stored = parse(storage?.getItem(key) ?? null);
    if (!stored || !isFresh(stored, now)) storage?.removeItem(key);
  }
}

/**
 * The `Idempotency-Key` of a form's submission, kept with its draft (lib/drafts.ts; decision 029).
 * Loaded when a form is first sent, not with the form: most visits send nothing.
 */
import { readDraft, writeDraft, type DraftAddress } from './drafts';

/** A short fingerprint of a body (cyrb53): equal bodies, equal fingerprints. */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A new `Idempotency-Key`: a random UUID. */
export function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a submission of `body`: the one kept with the draft when the same body was
 * sent before (its answer may have been lost with the session), else a new one, kept from now on.
 */
export function submissionKey(
  address: DraftAddress,
  body: unknown,
  values: unknown,
  files: string[],
): string {
  const print = fingerprint(JSON.stringify(body) ?? '');
  const draft = readDraft<unknown>(address);
  if (draft?.submission?.body === print) return draft.submission.key;
  const key = newKey();
  writeDraft(address, { values, files, submission: { key, body: print } });
  return key;
}

/**
 * A form's draft (lib/drafts.ts) as a hook: read once when the form mounts, so the form can start
 * from it; written on every change while the values differ from where the form started; removed
 * when the form is saved or the user discards it. Without a signed-in user it does nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/lib/session/session-context';
import { readDraft, removeDraft, writeDraft, type Draft, type DraftAddress } from './drafts';

export interface FormDraft<T> {
  /** The draft found when the form mounted (the notice shows while this is set). */
  restored: Draft<T> | null;
  /** The values the form starts from: the draft's, else `defaults`. */
  initial: T;
  /**
   * Keeps `values` (and the names of the files chosen), or forgets the draft when the values are
   * where the form started (files alone are no draft: they are not kept). What is kept already is
   * not written again, so a draft's age is that of the last change.
   */
  keep: (values: T, files?: readonly string[]) => void;
  /** The `Idempotency-Key` for sending `body` from `values` (the same key again for the same body). */
  keyFor: (body: unknown, values: T, files?: readonly string[]) => Promise<string | undefined>;
  /**
   * The form was saved: the draft goes, and the notice with it. `values` (else the defaults) are
   * where the form starts again from: values equal to them are no draft.
   */
  saved: (values?: T) => void;
  /** The user discards the draft: it goes; the caller puts the form back to `defaults`. */
  discard: () => void;
  /** Hides the notice, keeping the draft. */
  dismiss: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The draft of `form` (and `id`, when the form is one of many) for the signed-in user. */
export function useDraft<T>(form: string, id: string | undefined, defaults: T): FormDraft<T> {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.userId : null;
  const address = useMemo<DraftAddress | null>(
    () => (userId ? { userId, form, ...(id ? { id } : {}) } : null),
    [userId, form, id],
  );
  const [start] = useState(() => {
    const found = address ? readDraft<T>(address) : null;
    return { found, defaults };
  });
  const [restored, setRestored] = useState(start.found);
  const initial = start.found?.values ?? start.defaults;
  /** Where the form started (or was saved last): values equal to these are no draft. */
  const baseline = useRef(start.defaults);

  const keep = useCallback(
    (values: T, files: readonly string[] = []) => {
      if (!address) return;
      if (same(values, baseline.current)) {
        removeDraft(address);
        return;
      }
      const kept = readDraft<T>(address);
      if (kept && same(kept.values, values) && same(kept.files, files)) return;
      const submission = kept?.submission;
      writeDraft(address, { values, files: [...files], ...(submission ? { submission } : {}) });
    },
    [address],
  );

  /** The key of an unchanged form's submission: not a draft, so kept only while the form is here. */
  const unchanged = useRef<{ print: string; key: string } | null>(null);
  const keyFor = useCallback(
    async (body: unknown, values: T, files: readonly string[] = []) => {
      if (!address) return undefined;
      const { fingerprint, newKey, submissionKey } = await import('./draft-submission');
      if (!same(values, baseline.current)) return submissionKey(address, body, values, [...files]);
      const print = fingerprint(JSON.stringify(body) ?? '');
      if (unchanged.current?.print !== print) unchanged.current = { print, key: newKey() };
      return unchanged.current.key;
    },
    [address],
  );

  const saved = useCallback(
    (values?: T) => {
      baseline.current = values === undefined ? start.defaults : values;
      if (address) removeDraft(address);
      setRestored(null);
    },
    [address, start],
  );
  const discard = useCallback(() => saved(), [saved]);

  const dismiss = useCallback(() => setRestored(null), []);
  return { restored, initial, keep, keyFor, saved, discard, dismiss };
}

/** What `useKeepDraft` reads of a form (lib/simple-form.ts's gives both). */
export interface DraftSource<T> {
  getValues: () => T;
  subscribe: (listener: (values: T) => void) => () => void;
}

/** Keeps the form's values in its draft now and after each change of a field. */
export function useKeepDraft<T>(draft: FormDraft<T>, form: DraftSource<T>) {
  const { keep } = draft;
  useEffect(() => {
    keep(form.getValues());
    return form.subscribe((values) => keep(values));
  }, [keep, form]);
}

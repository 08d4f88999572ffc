import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAFT_MAX_AGE_MS,
  draftKey,
  pruneDrafts,
  readDraft,
  removeDraft,
  removeUserDrafts,
  writeDraft,
} from './drafts';
import { submissionKey } from './draft-submission';

const rosa = { userId: 'u1', form: 'offer', id: 'deal-1' };
const sam = { userId: 'u2', form: 'offer', id: 'deal-1' };

afterEach(() => localStorage.clear());

describe('the draft store', () => {
  it('keeps a draft per user and form under the decided key, and never shows one user another’s', () => {
    writeDraft(rosa, { values: { message: 'Is the roof new?' }, files: ['front.jpg'] });
    expect(draftKey(rosa)).toBe('dealclub:draft:u1:offer:deal-1');
    expect(localStorage.getItem('dealclub:draft:u1:offer:deal-1')).not.toBeNull();
    expect(readDraft(rosa)).toMatchObject({ values: { message: 'Is the roof new?' }, files: ['front.jpg'] });
    expect(readDraft(sam)).toBeNull();
    expect(readDraft({ ...rosa, id: 'deal-2' })).toBeNull();
  });

  it('drops a draft older than 7 days, or written by an older version of the app', () => {
    const now = Date.UTC(2026, 10, 28);
    writeDraft(rosa, { values: { message: 'old' }, files: [] }, now - DRAFT_MAX_AGE_MS - 1);
    expect(readDraft(rosa, now)).toBeNull();
    expect(localStorage.getItem(draftKey(rosa))).toBeNull();

    writeDraft(rosa, { values: { message: 'a week' }, files: [] }, now - DRAFT_MAX_AGE_MS);
    expect(readDraft(rosa, now)?.values).toEqual({ message: 'a week' });

    localStorage.setItem(draftKey(sam), JSON.stringify({ v: 0, savedAt: now, values: {}, files: [] }));
    expect(readDraft(sam, now)).toBeNull();
    localStorage.setItem(draftKey(sam), '{not json');
    expect(readDraft(sam, now)).toBeNull();
  });

  it('prunes every user’s stale drafts at start-up, and leaves other keys alone', () => {
    const now = Date.now();
    writeDraft(rosa, { values: 1, files: [] }, now - DRAFT_MAX_AGE_MS - 1000);
    writeDraft(sam, { values: 2, files: [] }, now);
    localStorage.setItem('language', 'es');
    pruneDrafts(now);
    expect(localStorage.getItem(draftKey(rosa))).toBeNull();
    expect(readDraft(sam, now)?.values).toBe(2);
    expect(localStorage.getItem('language')).toBe('es');
  });

  it('removes one user’s drafts at their sign-out, and one draft when its form is saved', () => {
    writeDraft(rosa, { values: 1, files: [] });
    writeDraft({ userId: 'u1', form: 'deal-new' }, { values: 2, files: [] });
    writeDraft(sam, { values: 3, files: [] });
    removeDraft(sam);
    expect(readDraft(sam)).toBeNull();
    writeDraft(sam, { values: 3, files: [] });
    removeUserDrafts('u1');
    expect(readDraft(rosa)).toBeNull();
    expect(readDraft({ userId: 'u1', form: 'deal-new' })).toBeNull();
    expect(readDraft(sam)?.values).toBe(3);
  });

  it('sends the same body again with the same Idempotency-Key, and a changed body with a new one', () => {
    const body = { type: 'cash', purchasePrice: 250000 };
    const first = submissionKey(rosa, body, body, []);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    // The session ended before the answer came; after a new sign-in the same submission is the same request.
    expect(submissionKey(rosa, { ...body }, body, [])).toBe(first);
    expect(readDraft(rosa)?.submission?.key).toBe(first);
    const changed = submissionKey(rosa, { ...body, purchasePrice: 260000 }, body, []);
    expect(changed).not.toBe(first);
    // Per user: another user's submission of the same body is theirs.
    expect(submissionKey(sam, body, body, [])).not.toBe(changed);
  });
});

import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session/session-context';
import { signedIn } from '@/test/session';
import { readDraft, writeDraft } from './drafts';
import { useDraft } from './use-draft';

const at = { userId: 'u1', form: 'deal-new' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionProvider value={signedIn(['originator'])}>{children}</SessionProvider>
);
const EMPTY = { street: '' };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('useDraft', () => {
  it('does not write a kept draft again, so its age is that of the last change', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20) });
    writeDraft(at, { values: { street: '12 Oak' }, files: ['front.jpg'] });
    const typedAt = readDraft(at)!.savedAt;
    vi.setSystemTime(Date.UTC(2026, 10, 26));
    const { result } = renderHook(() => useDraft('deal-new', undefined, EMPTY), { wrapper });
    expect(result.current.initial).toEqual({ street: '12 Oak' });
    act(() => result.current.keep({ street: '12 Oak' }, ['front.jpg']));
    expect(readDraft(at)!.savedAt).toBe(typedAt);
    act(() => result.current.keep({ street: '12 Oak Street' }, ['front.jpg']));
    expect(readDraft(at)!.savedAt).toBe(Date.UTC(2026, 10, 26));
  });

  it('keeps nothing once saved, even with files still chosen, until the values change again', () => {
    const { result } = renderHook(() => useDraft('deal-new', undefined, EMPTY), { wrapper });
    act(() => result.current.keep({ street: '12 Oak' }, ['front.jpg']));
    expect(readDraft(at)).not.toBeNull();
    act(() => result.current.saved({ street: '12 Oak' }));
    // The form's state settles after the save with the same values and the photos being uploaded.
    act(() => result.current.keep({ street: '12 Oak' }, ['front.jpg']));
    expect(readDraft(at)).toBeNull();
    // Discarded with photos chosen: the empty form is no draft either.
    act(() => result.current.discard());
    act(() => result.current.keep(EMPTY, ['front.jpg']));
    expect(readDraft(at)).toBeNull();
  });

  it('gives an unchanged form a key of its own without leaving a draft to restore', async () => {
    const { result } = renderHook(() => useDraft('deal-new', undefined, EMPTY), { wrapper });
    const first = await result.current.keyFor({ street: '' }, EMPTY);
    expect(first).toBeTruthy();
    expect(await result.current.keyFor({ street: '' }, EMPTY)).toBe(first);
    expect(readDraft(at)).toBeNull();
    const typed = await result.current.keyFor({ street: '12 Oak' }, { street: '12 Oak' });
    expect(typed).not.toBe(first);
    expect(readDraft(at)?.submission?.key).toBe(typed);
  });
});

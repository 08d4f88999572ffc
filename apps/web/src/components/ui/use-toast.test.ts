import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onToastAsked, toast, useToasts } from './use-toast';

describe('toast', () => {
  it('keeps one toast at a time: the newest replaces the current one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'newer' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Second']);
  });

  it('keeps a cause (the session ended) over the error toasts that follow it, not over others', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Authentication session expired.', variant: 'destructive', cause: true });
      toast({ title: 'Update failed', variant: 'destructive' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Authentication session expired.']);
    act(() => {
      toast({ title: 'Language changed' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Language changed']);
  });

  it('refuses an empty title and an action without alt text', () => {
    expect(() => toast({ title: '  ' })).toThrow();
    expect(() =>
      toast({ title: 'New Message', action: { label: 'View', altText: '', onClick: () => {} } }),
    ).toThrow();
  });

  it('tells a listener each toast asked for as it was asked, one kept from showing too, until it stops', () => {
    const heard = vi.fn();
    const stop = onToastAsked(heard);
    const cause = { title: 'Authentication session expired.', variant: 'destructive', cause: true } as const;
    const repeat = { title: 'Update failed', variant: 'destructive' } as const;
    toast(cause);
    toast(repeat);
    expect(heard.mock.calls).toEqual([[cause], [repeat]]);
    stop();
    toast({ title: 'Language changed' });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

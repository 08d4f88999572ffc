import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, useToasts } from './use-toast';

describe('toast', () => {
  it('keeps one toast at a time: the newest replaces the current one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'newer' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Second']);
  });

  it('refuses an empty title and an action without alt text', () => {
    expect(() => toast({ title: '  ' })).toThrow();
    expect(() =>
      toast({ title: 'New Message', action: { label: 'View', altText: '', onClick: () => {} } }),
    ).toThrow();
  });
});

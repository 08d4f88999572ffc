import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recentPagesKey, recordRecentPage, useRecentPages } from './recent-pages';

describe('recent pages store', () => {
  it('keeps pages per user in local storage, newest first', () => {
    const { result } = renderHook(() => useRecentPages('user-1'));
    act(() => {
      recordRecentPage('user-1', { title: 'Home', url: '/' });
      recordRecentPage('user-1', { title: 'Listings', url: '/deals' });
      recordRecentPage('user-2', { title: 'Profile', url: '/profile' });
    });
    expect(result.current).toEqual([
      { title: 'Listings', url: '/deals' },
      { title: 'Home', url: '/' },
    ]);
    expect(JSON.parse(localStorage.getItem(recentPagesKey('user-2'))!)).toEqual([
      { title: 'Profile', url: '/profile' },
    ]);
  });

  it('keeps signed-out visits apart from any user', () => {
    recordRecentPage(null, { title: 'Home', url: '/' });
    expect(localStorage.getItem('recentPages:guest')).toContain('"/"');
    expect(localStorage.getItem(recentPagesKey('user-1'))).toBeNull();
  });
});

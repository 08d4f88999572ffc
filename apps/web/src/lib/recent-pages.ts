/**
 * Recent pages (shell §2): the last 10 pages a user visited, kept in this browser per user
 * (signed-out visits under `guest`), for the pages the route table marks as `recent`.
 */
import { useSyncExternalStore } from 'react';
import { addRecentPage, parseRecentPages, type RecentPage } from '@dealclub/shared/recent-pages';

const PREFIX = 'recentPages:';
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; pages: RecentPage[] }>();

export function recentPagesKey(userId: string | null | undefined) {
  return `${PREFIX}${userId ?? 'guest'}`;
}

function read(key: string): RecentPage[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return [];
  }
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.pages;
  const pages = parseRecentPages(raw);
  cache.set(key, { raw, pages });
  return pages;
}

export function recordRecentPage(userId: string | null | undefined, page: RecentPage) {
  const key = recentPagesKey(userId);
  const current = read(key);
  if (current[0]?.url === page.url && current[0]?.title === page.title) return;
  try {
    localStorage.setItem(key, JSON.stringify(addRecentPage(current, page)));
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentPages(userId: string | null | undefined): RecentPage[] {
  const key = recentPagesKey(userId);
  return useSyncExternalStore(
    subscribe,
    () => read(key),
    () => [],
  );
}

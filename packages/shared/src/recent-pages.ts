import { RECENT_PAGES_LIMIT } from './constants';

/** A page the user visited (shell §2, Recent pages). */
export interface RecentPage {
  title: string;
  url: string;
}

/**
 * Puts `page` first, drops an earlier visit of the same URL and keeps the newest
 * {@link RECENT_PAGES_LIMIT} entries.
 */
export function addRecentPage(
  pages: readonly RecentPage[],
  page: RecentPage,
  limit = RECENT_PAGES_LIMIT,
): RecentPage[] {
  return [page, ...pages.filter((p) => p.url !== page.url)].slice(0, limit);
}

/** Reads a stored list defensively: anything that is not a list of {title, url} is dropped. */
export function parseRecentPages(raw: string | null): RecentPage[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (p): p is RecentPage =>
          typeof p === 'object' &&
          p !== null &&
          typeof (p as RecentPage).title === 'string' &&
          typeof (p as RecentPage).url === 'string',
      )
      .slice(0, RECENT_PAGES_LIMIT);
  } catch {
    return [];
  }
}

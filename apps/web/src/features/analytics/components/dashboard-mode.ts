/**
 * Which dashboard mode a user with both roles last chose, kept in this browser per user (the server
 * keeps no display settings): the dashboard opens in it again. A mode the user's roles no longer
 * allow, or a browser without storage, falls back to the first mode allowed.
 */
import type { DashboardMode } from '@dealclub/shared/analytics';

export const DASHBOARD_MODE_KEY = 'dashboardMode';

const keyOf = (userId: string) => `${DASHBOARD_MODE_KEY}:${userId}`;

export function storedDashboardMode(userId: string, allowed: readonly DashboardMode[]): DashboardMode | null {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(keyOf(userId));
  } catch {
    // Storage refused (private mode, blocked cookies): the first mode allowed.
  }
  const match = allowed.find((mode) => mode === saved);
  return match ?? allowed[0] ?? null;
}

export function rememberDashboardMode(userId: string, mode: DashboardMode): void {
  try {
    localStorage.setItem(keyOf(userId), mode);
  } catch {
    // Not remembered; the choice still holds on this page.
  }
}

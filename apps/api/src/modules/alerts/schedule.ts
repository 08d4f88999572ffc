/**
 * When a deal alert goes out (DECISIONS.md, Matching and alerts): at once for real time and for the
 * priority buyers of an exclusive deal; at the next `DIGEST_HOUR` (UTC) for the daily digest; on the
 * next Monday at that hour for the weekly summary.
 */
export const ALERT_FREQUENCIES = ['realtime', 'daily', 'weekly', 'priority'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The frequencies that go out one deal at a time, as soon as they are due. */
export const AT_ONCE: readonly AlertFrequency[] = ['realtime', 'priority'];
/** The frequencies that go out together, one e-mail per buyer, at the digest hour. */
export const DIGESTED: readonly AlertFrequency[] = ['daily', 'weekly'];

const DAY_MS = 24 * 3_600_000;
const MONDAY = 1;

/** The first digest hour at or after `now`. */
export function nextDigestAt(now: Date, digestHour: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), digestHour);
  return new Date(today >= now.getTime() ? today : today + DAY_MS);
}

/** The first Monday digest hour at or after `now`. */
export function nextWeeklyAt(now: Date, digestHour: number): Date {
  let at = nextDigestAt(now, digestHour);
  while (at.getUTCDay() !== MONDAY) at = new Date(at.getTime() + DAY_MS);
  return at;
}

/** A buyer's search frequency as an alert frequency: anything unknown is real time (the default). */
export function frequencyOf(value: string): 'realtime' | 'daily' | 'weekly' {
  return value === 'daily' || value === 'weekly' ? value : 'realtime';
}

export function dueAt(frequency: AlertFrequency, now: Date, digestHour: number): Date {
  if (frequency === 'daily') return nextDigestAt(now, digestHour);
  if (frequency === 'weekly') return nextWeeklyAt(now, digestHour);
  return now;
}

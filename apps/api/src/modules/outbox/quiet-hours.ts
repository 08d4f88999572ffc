/**
 * SMS quiet hours (DECISIONS.md, Matching and alerts): no alert SMS between 21:00 and 08:00 in the
 * time zone of the buyer's state; one written then is held until 08:00 there (`outbox.send_after`).
 * A state that spans zones takes the zone most of its people live in.
 */
import type { UsState } from '@dealclub/shared/geo-rules';
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from './enqueue-message';

export const STATE_TIME_ZONES: Record<UsState, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  GU: 'Pacific/Guam',
  VI: 'America/St_Thomas',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

/** Without a known state the alert goes by US Eastern time, where most buyers are. */
const FALLBACK_ZONE = 'America/New_York';

export function timeZoneOf(state: string | null | undefined): string {
  return (state && STATE_TIME_ZONES[state as UsState]) || FALLBACK_ZONE;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of `instant` in `zone`. */
export function wallClock(instant: Date, zone: string) {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (negative west of Greenwich). */
function offsetMs(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the wall clock of `zone` reads the given local date and hour. */
export function zonedTime(year: number, month: number, day: number, hour: number, zone: string): Date {
  const local = Date.UTC(year, month - 1, day, hour);
  // The offset at the guess, then at the corrected instant (they differ only across a DST change).
  let instant = local - offsetMs(new Date(local), zone);
  instant = local - offsetMs(new Date(instant), zone);
  return new Date(instant);
}

/**
 * When an SMS written at `now` to a buyer in `state` may go: null when it may go at once, otherwise
 * the next 08:00 in the state's time zone.
 */
export function smsSendAfter(state: string | null | undefined, now: Date): Date | null {
  const zone = timeZoneOf(state);
  const w = wallClock(now, zone);
  if (w.hour >= QUIET_UNTIL_HOUR && w.hour < QUIET_FROM_HOUR) return null;
  // Before 08:00 it is today's 08:00; from 21:00 on, tomorrow's (Date.UTC rolls the day over).
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + (w.hour >= QUIET_FROM_HOUR ? 1 : 0)));
  return zonedTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), QUIET_UNTIL_HOUR, zone);
}

import { describe, expect, it } from 'vitest';
import { badgeCount, messagePreview, relativeTime, userChannel } from './chat';

const now = new Date('2026-03-10T12:00:00Z');
const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The moment `seconds` before `now`. */
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime (core §9)', () => {
  it.each([
    [0, 'now', 0],
    [5 * SECOND, 'now', 0],
    [6 * SECOND, 'seconds', 6],
    [59 * SECOND, 'seconds', 59],
    [60 * SECOND, 'minutes', 1],
    [59 * MINUTE, 'minutes', 59],
    [HOUR - SECOND, 'minutes', 59],
    [HOUR, 'hours', 1],
    [23 * HOUR, 'hours', 23],
    [DAY - SECOND, 'hours', 23],
    [DAY, 'days', 1],
    [29 * DAY, 'days', 29],
    [30 * DAY - SECOND, 'days', 29],
    [30 * DAY, 'months', 1],
    [359 * DAY, 'months', 11],
    [360 * DAY, 'years', 1],
    [364 * DAY, 'years', 1],
    [365 * DAY, 'years', 1],
    [729 * DAY, 'years', 1],
    [730 * DAY, 'years', 2],
  ] as const)('%i seconds ago is %s (%i)', (seconds, unit, count) => {
    expect(relativeTime(ago(seconds), now)).toEqual({ unit, count });
  });

  it('never says "0 years": a year counts at least 1', () => {
    for (let days = 360; days < 365; days += 1) {
      expect(relativeTime(ago(days * DAY), now)).toEqual({ unit: 'years', count: 1 });
    }
  });

  it('takes an ISO string, and calls a moment in the future (a clock ahead) now', () => {
    expect(relativeTime(ago(90).toISOString(), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(new Date(now.getTime() + 60_000), now)).toEqual({ unit: 'now', count: 0 });
  });
});

describe('messagePreview (shell §9)', () => {
  it('keeps a message of 50 characters as it is', () => {
    const message = 'x'.repeat(50);
    expect(messagePreview(message)).toBe(message);
    expect(messagePreview('Hi')).toBe('Hi');
  });

  it('cuts a longer message at 50 characters and adds an ellipsis', () => {
    expect(messagePreview(`${'x'.repeat(50)}y`)).toBe(`${'x'.repeat(50)}…`);
  });

  it('counts an emoji as one character and never splits it', () => {
    // 50 characters (51 UTF-16 code units): unchanged.
    const fifty = `${'x'.repeat(49)}😀`;
    expect(messagePreview(fifty)).toBe(fifty);
    // The emoji is the 50th character of 51: kept whole.
    expect(messagePreview(`${fifty}y`)).toBe(`${fifty}…`);
    // 51 characters, the last an emoji: it is the one cut.
    expect(messagePreview(`${'x'.repeat(50)}😀`)).toBe(`${'x'.repeat(50)}…`);
  });
});

describe('badgeCount (shell §2)', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(1234)).toBe('99+');
  });
});

describe('userChannel', () => {
  it("is the user's private channel", () => {
    expect(userChannel('3f2a')).toBe('private-user-3f2a');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { formatDay, formatMoment } from './dates';

describe('date formats', () => {
  it('shows a day without a time zone shift', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      expect(formatDay('2030-01-01', 'en')).toBe('Jan 1, 2030');
      expect(formatDay('2026-04-01', 'es')).toBe('1 abr 2026');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(formatDay('someday', 'en')).toBe('someday');
  });

  it("shows an event with its date and time in the reader's zone, and an unreadable one as it came", () => {
    vi.stubEnv('TZ', 'America/Chicago');
    try {
      expect(formatMoment('2026-02-04T15:30:00.000Z', 'en')).toMatch(/^Feb 4, 2026, 9:30\sAM$/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(formatMoment('soon', 'en')).toBe('soon');
  });
});

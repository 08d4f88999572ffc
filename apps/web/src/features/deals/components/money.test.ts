import { describe, expect, it, vi } from 'vitest';
import { formatCompactMoney, formatDay, formatMoment, formatMoney, formatRate } from './money';

describe('money formats', () => {
  it('shows whole US dollars', () => {
    expect(formatMoney(1_250_000, 'en')).toBe('$1,250,000');
    expect(formatMoney(99.6, 'en')).toBe('$100');
  });

  it('shows the budget caps compactly', () => {
    expect([500_000, 1_000_000, 1_500_000].map((v) => formatCompactMoney(v, 'en'))).toEqual([
      '$500K',
      '$1M',
      '$1.5M',
    ]);
  });

  it('shows rates in percent and days without a time zone shift', () => {
    expect(formatRate(4.25, 'en')).toBe('4.25%');
    expect(formatDay('2030-01-01', 'en')).toBe('Jan 1, 2030');
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

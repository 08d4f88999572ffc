import { describe, expect, it, vi } from 'vitest';
import { dateFormat, formatMoment, formatMoney, numberFormat } from './format';

describe('the formats', () => {
  it('are built once per language and options, and apart for each', () => {
    const money = numberFormat('en', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(money);
    expect(numberFormat('es', { style: 'currency', currency: 'USD' })).not.toBe(money);
    expect(numberFormat('en', { style: 'percent' })).not.toBe(money);
    const day = dateFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(day);
    expect(dateFormat('en', { dateStyle: 'medium' })).not.toBe(day);
  });

  it('format money and moments in the reader language', () => {
    expect(formatMoney(1_250_000, 'en')).toBe('$1,250,000');
    expect(formatMoney(1_250_000, 'es')).toMatch(/^1\.250\.000\sUS\$$/);
    expect(formatMoment('2026-02-04T15:30:00Z', 'en', 'UTC')).toMatch(/^Feb 4, 2026, 3:30\sPM$/);
    expect(formatMoment('not a date', 'en')).toBe('not a date');
  });

  it("follow the process's time zone setting when it changes, though a moment was formatted before", () => {
    const moment = '2026-02-04T15:30:00Z';
    vi.stubEnv('TZ', 'UTC');
    try {
      expect(formatMoment(moment, 'en')).toMatch(/^Feb 4, 2026, 3:30\sPM$/);
      vi.stubEnv('TZ', 'America/Chicago');
      expect(formatMoment(moment, 'en')).toMatch(/^Feb 4, 2026, 9:30\sAM$/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

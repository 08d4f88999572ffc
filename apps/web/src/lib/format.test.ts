import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatMoney, formatRate } from './format';

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

  it('shows rates in percent', () => {
    expect(formatRate(4.25, 'en')).toBe('4.25%');
  });
});

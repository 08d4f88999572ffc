import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/test/contrast';
import { SERIES } from './daily-chart';

describe("the daily chart's series (WCAG 1.4.1 and 1.4.11)", () => {
  it('keep 3:1 against the white chart and stay apart by their dashes, not by colour alone', () => {
    for (const series of SERIES)
      expect(contrastRatio(series.color, '#ffffff'), series.key).toBeGreaterThanOrEqual(3);
    const dashes = SERIES.map((series) => series.dash.join(','));
    expect(new Set(dashes).size).toBe(SERIES.length);
  });
});

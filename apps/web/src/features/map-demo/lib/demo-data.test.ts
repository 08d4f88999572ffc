import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/test/contrast';
import { BUCKET_COLOURS, MAP_BACKGROUND } from './demo-data';

describe("the map demo's colours (WCAG 1.4.11)", () => {
  it('keep 3:1 against the map they are drawn on', () => {
    for (const colour of BUCKET_COLOURS)
      expect(contrastRatio(colour, MAP_BACKGROUND), colour).toBeGreaterThanOrEqual(3);
  });
});

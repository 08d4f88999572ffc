import { describe, expect, it } from 'vitest';
import { contrastRatio, over } from '@/test/contrast';
import {
  extent,
  FULL_VIEW,
  interpolateStops,
  interpolateViewBox,
  LAND_COLOR,
  legendSteps,
  NO_VALUE_COLOR,
  POINT_OPACITY,
  SEQUENTIAL_STOPS,
  sequentialColor,
  sizeLegendValues,
  sqrtRadius,
  zoomedViewBox,
} from './scales';

describe('sqrtRadius', () => {
  it('grows the area, not the radius, with the value', () => {
    expect(sqrtRadius(100, 100, 3, 20)).toBe(20);
    expect(sqrtRadius(25, 100, 3, 20)).toBe(10);
    expect(sqrtRadius(4, 16, 0, 8)).toBe(4);
  });

  it('keeps the smallest visible and caps at the largest', () => {
    expect(sqrtRadius(1, 10_000, 3, 20)).toBe(3);
    expect(sqrtRadius(0, 10, 3, 20)).toBe(3);
    expect(sqrtRadius(5, 0, 3, 20)).toBe(3);
    expect(sqrtRadius(200, 100, 3, 20)).toBe(20);
  });
});

describe('sequentialColor', () => {
  it('runs from the first to the last stop over the domain', () => {
    const color = sequentialColor(1000, 3000);
    expect(color(1000)).toBe(SEQUENTIAL_STOPS[0]);
    expect(color(3000)).toBe(SEQUENTIAL_STOPS.at(-1));
    expect(color(2000)).toBe(SEQUENTIAL_STOPS[2]);
    expect(color(5000)).toBe(SEQUENTIAL_STOPS.at(-1));
  });

  it('greys out a missing value and centres a one-value domain', () => {
    expect(sequentialColor(0, 10)(null)).toBe(NO_VALUE_COLOR);
    expect(sequentialColor(0, 10)(Number.NaN)).toBe(NO_VALUE_COLOR);
    expect(sequentialColor(5, 5)(5)).toBe(SEQUENTIAL_STOPS[2]);
  });

  it('interpolates between two stops in RGB', () => {
    expect(interpolateStops(0.5, ['#000000', '#ffffff'])).toBe('#808080');
    expect(interpolateStops(-1, ['#000000', '#ffffff'])).toBe('#000000');
  });
});

describe('legends and extents', () => {
  it('finds the extent of the finite values', () => {
    expect(extent([3, null, 1, undefined, 7, Number.NaN])).toEqual([1, 7]);
    expect(extent([null])).toBeNull();
  });

  it('spreads colour steps and picks distinct size values', () => {
    expect(legendSteps(0, 300, 4)).toEqual([0, 100, 200, 300]);
    expect(legendSteps(5, 5)).toEqual([5]);
    expect(sizeLegendValues(120)).toEqual([120, 60, 12]);
    expect(sizeLegendValues(2)).toEqual([2, 1]);
    expect(sizeLegendValues(1)).toEqual([1]);
    expect(sizeLegendValues(0)).toEqual([]);
  });
});

describe('zoom', () => {
  it('centres the point k times closer', () => {
    expect(zoomedViewBox(487.5, 305, 5)).toEqual([390, 244, 195, 122]);
  });

  it('stays inside the map near an edge', () => {
    const [x, y, w, h] = zoomedViewBox(10, 600, 5);
    expect([x, y]).toEqual([0, FULL_VIEW[3] - h]);
    expect(w).toBe(195);
    expect(zoomedViewBox(100, 100, 0.5)).toEqual(FULL_VIEW);
  });

  it('interpolates a transition', () => {
    expect(interpolateViewBox([0, 0, 100, 100], [50, 50, 50, 50], 0.5)).toEqual([25, 25, 75, 75]);
  });
});

describe('the map colours (WCAG 1.4.11)', () => {
  it('keep 3:1 against the land they are drawn on, at the opacity they are drawn with', () => {
    for (const colour of [...SEQUENTIAL_STOPS, NO_VALUE_COLOR]) {
      const drawn = over(colour, LAND_COLOR, POINT_OPACITY);
      expect(contrastRatio(drawn, LAND_COLOR), colour).toBeGreaterThanOrEqual(3);
    }
  });

  it('were measured right: a light blue that fades into the land fails', () => {
    expect(contrastRatio(over('#bfdbfe', LAND_COLOR, POINT_OPACITY), LAND_COLOR)).toBeLessThan(1.5);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
  });
});

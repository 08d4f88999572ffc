// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { albersUsaPoint } from './albers-usa';
import { albersUsa } from './projection';

interface PackageZip {
  zip: string;
  latitude: number;
  longitude: number;
}

describe("the maps' own Albers USA", () => {
  it("places every US ZIP code where d3-geo's places it, and nothing where d3-geo places nothing", () => {
    const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
      codes: Record<string, PackageZip>;
    };
    const d3 = albersUsa();
    const places = Object.values(codes)
      .filter((c) => Number.isFinite(c.latitude) && Number.isFinite(c.longitude))
      .map((c) => [c.longitude, c.latitude] as [number, number]);
    // Around the world too: the antimeridian, the poles, the insets' edges.
    for (let lng = -180; lng <= 180; lng += 2.5)
      for (let lat = -85; lat <= 85; lat += 2.5) places.push([lng, lat]);
    expect(places.length).toBeGreaterThan(40_000);
    let placed = 0;
    const differ: string[] = [];
    for (const [lng, lat] of places) {
      const expected = d3([lng, lat]);
      const actual = albersUsaPoint(lng, lat);
      if (expected) placed++;
      const same =
        expected === null
          ? actual === null
          : actual !== null &&
            Math.abs(actual[0] - expected[0]) < 1e-9 &&
            Math.abs(actual[1] - expected[1]) < 1e-9;
      if (!same) differ.push(`${lng},${lat}: ${String(actual)} against ${String(expected)}`);
    }
    expect(differ).toEqual([]);
    // Nearly every ZIP code is in the 50 states and DC; the territories and the grid's far points are not.
    expect(placed).toBeGreaterThan(40_000);
  });
});

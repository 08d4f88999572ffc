/**
 * Albers USA for points, without d3-geo: the lower 48 states with Alaska and Hawaii inset, at the
 * maps' size ({@link MAP_WIDTH} × {@link MAP_HEIGHT}, {@link MAP_SCALE}). The map screens place their
 * points with it, so that they load no projection library (d3-geo is 8 KB of compressed script that
 * a first visit to `/buyers` or the public ZIP page would carry); the build draws the states'
 * outlines with d3-geo's own Albers USA (projection.ts), and albers-usa.test.ts holds that both put
 * every US ZIP code at the same place.
 *
 * The same arithmetic as d3-geo's `geoAlbersUsa` point projection: each region is a conic
 * equal-area projection (its standard parallels, central meridian and centre), scaled and
 * translated; a point belongs to the first region (lower 48, Alaska, Hawaii) whose clip box holds
 * it, and to none outside all three (the territories, abroad).
 */
import { MAP_HEIGHT, MAP_SCALE, MAP_WIDTH } from './scales';

const RADIANS = Math.PI / 180;
const TAU = 2 * Math.PI;
const EPSILON = 1e-6;

type Placed = [number, number] | null;

/**
 * One region: the conic equal-area projection with standard parallels `parallels`, rotated by
 * `rotate` degrees of longitude, its `center` at (`x`, `y`), and the box outside which it places
 * nothing.
 */
function conicRegion(
  parallels: [number, number],
  rotate: number,
  center: [number, number],
  k: number,
  [x, y]: [number, number],
  [[x0, y0], [x1, y1]]: [[number, number], [number, number]],
): (lng: number, lat: number) => Placed {
  const sinPhi0 = Math.sin(parallels[0] * RADIANS);
  const n = (sinPhi0 + Math.sin(parallels[1] * RADIANS)) / 2;
  const c = 1 + sinPhi0 * (2 * n - sinPhi0);
  const r0 = Math.sqrt(c) / n;
  const raw = (lambda: number, phi: number): [number, number] => {
    const r = Math.sqrt(c - 2 * n * Math.sin(phi)) / n;
    return [r * Math.sin(lambda * n), r0 - r * Math.cos(lambda * n)];
  };
  const [cx, cy] = raw(center[0] * RADIANS, center[1] * RADIANS);
  const dx = x - k * cx;
  const dy = y + k * cy;
  const deltaLambda = (rotate * RADIANS) % TAU;
  return (lng, lat) => {
    let lambda = lng * RADIANS + deltaLambda;
    if (Math.abs(lambda) > Math.PI) lambda -= Math.round(lambda / TAU) * TAU;
    const [px, py] = raw(lambda, lat * RADIANS);
    const sx = dx + k * px;
    const sy = dy - k * py;
    return x0 <= sx && sx <= x1 && y0 <= sy && sy <= y1 ? [sx, sy] : null;
  };
}

const k = MAP_SCALE;
const x = MAP_WIDTH / 2;
const y = MAP_HEIGHT / 2;

const lower48 = conicRegion(
  [29.5, 45.5],
  96,
  [-0.6, 38.7],
  k,
  [x, y],
  [
    [x - 0.455 * k, y - 0.238 * k],
    [x + 0.455 * k, y + 0.238 * k],
  ],
);
const alaska = conicRegion(
  [55, 65],
  154,
  [-2, 58.5],
  k * 0.35,
  [x - 0.307 * k, y + 0.201 * k],
  [
    [x - 0.425 * k + EPSILON, y + 0.12 * k + EPSILON],
    [x - 0.214 * k - EPSILON, y + 0.234 * k - EPSILON],
  ],
);
const hawaii = conicRegion(
  [8, 18],
  157,
  [-3, 19.9],
  k,
  [x - 0.205 * k, y + 0.212 * k],
  [
    [x - 0.214 * k + EPSILON, y + 0.166 * k + EPSILON],
    [x - 0.115 * k - EPSILON, y + 0.234 * k - EPSILON],
  ],
);

/** A longitude and latitude on the map (SVG units), or null where Albers USA places nothing. */
export function albersUsaPoint(lng: number, lat: number): Placed {
  return lower48(lng, lat) ?? alaska(lng, lat) ?? hawaii(lng, lat);
}

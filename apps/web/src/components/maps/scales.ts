/**
 * Pure helpers of the maps (no d3, no DOM): bubble sizes on a square-root scale (the area, not the
 * radius, grows with the count), a sequential colour scale, legend steps and the viewBox of a zoom.
 */

/** The map's drawing size in SVG units (the usual size of the Albers USA projection). */
export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;
/** The Albers USA scale at that size (the lower 48's; Alaska is drawn at 0.35 of it). */
export const MAP_SCALE = 1300;

export type ViewBox = readonly [x: number, y: number, width: number, height: number];

export const FULL_VIEW: ViewBox = [0, 0, MAP_WIDTH, MAP_HEIGHT];

/**
 * A radius on a square-root scale: `value` of `max` gets `maxRadius` × √(value / max), never less
 * than `minRadius` (a single buyer stays visible and clickable). A max of 0 or less gives minRadius.
 */
export function sqrtRadius(value: number, max: number, minRadius = 3, maxRadius = 22): number {
  if (!(max > 0) || !(value > 0)) return minRadius;
  const r = maxRadius * Math.sqrt(Math.min(value, max) / max);
  return Math.max(minRadius, r);
}

/** The land the points are drawn on, and the opacity they are drawn with (overlaps show through). */
export const LAND_COLOR = '#f1f5f9';
export const POINT_OPACITY = 0.8;
/**
 * The sequential palette (lighter to darker blue), from few to many dollars. Its lightest colour,
 * drawn at POINT_OPACITY on the land, still keeps 3:1 against it (WCAG 1.4.11): a point never fades
 * into the map. The figures themselves are in the table beside the map, not in the colour alone.
 */
export const SEQUENTIAL_STOPS = ['#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554'] as const;
/** A ZIP without the figure (no buyer gave it): grey, as visible on the land as the palette. */
export const NO_VALUE_COLOR = '#475569';

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour at `t` (0…1, clamped) along the stops, interpolated in RGB. */
export function interpolateStops(t: number, stops: readonly string[] = SEQUENTIAL_STOPS): string {
  const clamped = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  if (stops.length === 1) return stops[0]!;
  const scaled = clamped * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(scaled));
  const f = scaled - i;
  const a = hexToRgb(stops[i]!);
  const b = hexToRgb(stops[i + 1]!);
  return rgbToHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/**
 * A sequential colour scale over [min, max] (a linear position along the palette); null or a
 * missing value is grey. A domain of one value gives the middle colour.
 */
export function sequentialColor(min: number, max: number, stops: readonly string[] = SEQUENTIAL_STOPS) {
  return (value: number | null | undefined): string => {
    if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE_COLOR;
    if (!(max > min)) return interpolateStops(0.5, stops);
    return interpolateStops((value - min) / (max - min), stops);
  };
}

/** The smallest and largest of the finite values (null when there are none). */
export function extent(values: Iterable<number | null | undefined>): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? [min, max] : null;
}

/** `count` values evenly spread over [min, max] (at least one: min when they are equal). */
export function legendSteps(min: number, max: number, count = 4): number[] {
  if (!(max > min) || count < 2) return [min];
  return Array.from({ length: count }, (_, i) => min + ((max - min) * i) / (count - 1));
}

/**
 * The values a size legend shows: the largest, about half and about a tenth of it (whole, distinct,
 * at least 1), largest first.
 */
export function sizeLegendValues(max: number): number[] {
  if (!(max >= 1)) return [];
  const values = [Math.round(max), Math.round(max / 2), Math.round(max / 10)].filter((v) => v >= 1);
  return [...new Set(values)];
}

/** The viewBox that shows (x, y) in the middle, `k` times closer, kept inside the map. */
export function zoomedViewBox(x: number, y: number, k: number, full: ViewBox = FULL_VIEW): ViewBox {
  const scale = Math.max(1, k);
  const width = full[2] / scale;
  const height = full[3] / scale;
  const left = Math.min(Math.max(x - width / 2, full[0]), full[0] + full[2] - width);
  const top = Math.min(Math.max(y - height / 2, full[1]), full[1] + full[3] - height);
  return [left, top, width, height];
}

/** The viewBox at `t` (0…1) on the way from `a` to `b`. */
export function interpolateViewBox(a: ViewBox, b: ViewBox, t: number): ViewBox {
  return [0, 1, 2, 3].map((i) => a[i]! + (b[i]! - a[i]!) * t) as unknown as ViewBox;
}

/** Ease in and out (cubic). */
export function easeCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

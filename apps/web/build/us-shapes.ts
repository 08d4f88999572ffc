/**
 * `virtual:us-shapes`: the US states' outlines as SVG paths, projected ahead of time with the maps'
 * own projection (src/components/maps/projection.ts) from us-atlas's 10m states. The app used to
 * download the atlas (TopoJSON) and project it with d3-geo and topojson-client in the browser:
 * 150–550 ms of main-thread work on a desktop core, four times that on a phone. Now the build does it
 * once (decision 036):
 *
 * - each arc of the atlas is simplified where that moves no point of it by more than
 *   {@link TOLERANCE} of an SVG unit (a tenth of a pixel at the map's full size), keeping the ends
 *   the states share, so that borders still meet the coast;
 * - the paths are rounded to a tenth of a unit and written with relative moves (`l` and the
 *   difference from the point before), which a third fewer bytes carry once compressed;
 * - the map draws the nation's outline and the borders between states only, so the file holds
 *   those two paths, not each state's;
 * - the build writes them as a JSON file of their own (hashed, compressed like every asset), which
 *   the map fetches: data, not script, so that no script parses it, and a new build of the app
 *   leaves a returning visitor's cached copy in use while the shapes do not change.
 *
 * The module itself is `loadUsShapes()`, which fetches the file (build/json-data-module.ts). Served
 * by Vite's dev server or in the unit tests, where no file is emitted, it holds the shapes inline.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { jsonDataModule } from './json-data-module';
import { albersUsa } from '../src/components/maps/projection';

/** Decimals of the paths' coordinates. */
const DIGITS = 1;
/** How far (SVG units, at the map's full size) simplifying an arc may move any of its points. */
export const TOLERANCE = 0.1;

/** What the map draws. */
export interface UsShapes {
  /** The borders between states, one path. */
  borders: string;
  /** The outline of the nation, one path. */
  nation: string;
}

/** The map's shapes and each state's outline (for tests: the map draws no single state). */
export interface ProjectedUsShapes extends UsShapes {
  /** One path per state (id: its FIPS code); empty for a territory the projection leaves out. */
  states: { id: string; d: string }[];
}

type Atlas = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
type Point = [number, number];

/** The atlas's arcs as absolute longitudes and latitudes (the file's are quantized deltas). */
function decodedArcs(atlas: Atlas): Point[][] {
  const transform = atlas.transform;
  if (!transform) return atlas.arcs as Point[][];
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;
  return atlas.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx!;
      y += dy!;
      return [x * sx + tx, y * sy + ty] as Point;
    });
  });
}

/**
 * Douglas–Peucker on the projected points: keeps the ends and every point that a straight line
 * between the kept ones would miss by more than `tolerance`. An arc the projection cannot place
 * (a territory outside Albers USA) is kept whole.
 */
export function simplifiedArc(arc: Point[], project: (p: Point) => Point | null, tolerance: number): Point[] {
  const xy = arc.map(project);
  if (arc.length < 3 || xy.some((p) => p === null)) return arc;
  const placed = xy as Point[];
  const keep = new Uint8Array(arc.length);
  keep[0] = 1;
  keep[arc.length - 1] = 1;
  const spans: [number, number][] = [[0, arc.length - 1]];
  while (spans.length > 0) {
    const [a, b] = spans.pop()!;
    const [ax, ay] = placed[a]!;
    const [bx, by] = placed[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = placed[i]!;
      const distance =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (distance > farthest) {
        farthest = distance;
        at = i;
      }
    }
    if (farthest > tolerance) {
      keep[at] = 1;
      spans.push([a, at], [at, b]);
    }
  }
  return arc.filter((_, i) => keep[i] === 1);
}

/** Tenths as an SVG number, shortest: 12 → "1.2", 5 → ".5", -5 → "-.5", 30 → "3". */
function tenths(value: number): string {
  const text = String(value / 10);
  return text.replace(/^(-?)0\./, '$1.');
}

/**
 * An absolute path of `M x,y`, `L x,y` and `Z` (what d3-geo writes) with relative lines instead:
 * `M` stays absolute, each following point is `l` and its difference from the one before, in
 * tenths, with no separator where a sign already separates two numbers; a point that rounds onto
 * the one before is left out.
 */
export function relativePath(d: string): string {
  let out = '';
  let x = 0;
  let y = 0;
  let inLine = false;
  for (const [, command, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (command === 'Z') {
      out += 'z';
      inLine = false;
      continue;
    }
    const [nx, ny] = args!.split(',').map((v) => Math.round(Number(v) * 10)) as [number, number];
    if (command === 'M') {
      out += `M${tenths(nx)} ${tenths(ny)}`.replace(/ -/g, '-');
      inLine = false;
    } else if (nx !== x || ny !== y) {
      const pair = `${tenths(nx - x)} ${tenths(ny - y)}`.replace(/ -/g, '-');
      if (!inLine) out += `l${pair}`;
      else out += (pair.startsWith('-') ? '' : ' ') + pair;
      inLine = true;
    }
    x = nx;
    y = ny;
  }
  return out;
}

export function projectedUsShapes(tolerance = TOLERANCE): ProjectedUsShapes {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-10m.json');
  const atlas = JSON.parse(readFileSync(file, 'utf8')) as Atlas;
  const projection = albersUsa();
  const project = (p: Point) => projection(p) as Point | null;
  const arcs = decodedArcs(atlas).map((arc) =>
    tolerance > 0 ? simplifiedArc(arc, project, tolerance) : arc,
  );
  const us = { ...atlas, transform: undefined, arcs } as Atlas;
  const path = geoPath(projection).digits(DIGITS);
  return {
    states: feature(us, us.objects.states).features.map((f, i) => ({
      id: String(f.id ?? i),
      d: path(f) ?? '',
    })),
    borders: path(mesh(us, us.objects.states, (a, b) => a !== b)) ?? '',
    nation: path(feature(us, us.objects.nation)) ?? '',
  };
}

/** What the map draws, as the app receives it: relative paths. */
export function mapShapes(): UsShapes {
  const shapes = projectedUsShapes();
  return { nation: relativePath(shapes.nation), borders: relativePath(shapes.borders) };
}

export function usShapes(): Plugin {
  return jsonDataModule('us-shapes', 'loadUsShapes', mapShapes);
}

/**
 * `virtual:us-shapes`: the US states' outlines as SVG paths, projected ahead of time with the maps'
 * own projection (src/components/maps/projection.ts) from us-atlas's 10m states. The app used to
 * download the atlas (TopoJSON) and project it with d3-geo and topojson-client in the browser:
 * 150–550 ms of main-thread work on a desktop core, four times that on a phone. Now the build does it
 * once, to a tenth of an SVG unit (a tenth of a pixel at the map's full size), and the map's chunk
 * carries the paths as JSON, parsed with `JSON.parse` (faster than the same literal as script).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { albersUsa } from '../src/components/maps/projection';

const ID = 'virtual:us-shapes';
const RESOLVED = '\0us-shapes';
/** Decimals of the paths' coordinates. */
const DIGITS = 1;

export interface UsShapes {
  /** One path per state (id: its FIPS code); empty for a territory the projection leaves out. */
  states: { id: string; d: string }[];
  /** The borders between states, one path. */
  borders: string;
  /** The outline of the nation, one path. */
  nation: string;
}

export function projectedUsShapes(): UsShapes {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-10m.json');
  const us = JSON.parse(readFileSync(file, 'utf8')) as Topology<{
    states: GeometryCollection;
    nation: GeometryCollection;
  }>;
  const path = geoPath(albersUsa()).digits(DIGITS);
  return {
    states: feature(us, us.objects.states).features.map((f, i) => ({
      id: String(f.id ?? i),
      d: path(f) ?? '',
    })),
    borders: path(mesh(us, us.objects.states, (a, b) => a !== b)) ?? '',
    nation: path(feature(us, us.objects.nation)) ?? '',
  };
}

export function usShapes(): Plugin {
  let source: string | undefined;
  return {
    name: 'dealclub:us-shapes',
    resolveId: { filter: { id: /^virtual:us-shapes$/ }, handler: (id) => (id === ID ? RESOLVED : null) },
    load: {
      filter: { id: /^\0us-shapes$/ },
      handler(id) {
        if (id !== RESOLVED) return null;
        source ??= `export default JSON.parse(${JSON.stringify(JSON.stringify(projectedUsShapes()))});`;
        return source;
      },
    },
  };
}

/**
 * The geography of the maps: the Albers USA projection (d3-geo, lower 48 with Alaska and Hawaii
 * inset) at the size of {@link MAP_WIDTH} × {@link MAP_HEIGHT}, and the US states of us-atlas as
 * SVG paths, downloaded and computed once per visit (only by the screens that draw a map).
 */
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { MAP_HEIGHT, MAP_WIDTH } from './scales';

export const projection = geoAlbersUsa()
  .scale(1300)
  .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);

/** A place (a ZIP centroid) on the map, or null outside the projection (territories, abroad). */
export function project(lat: number, lng: number): [number, number] | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return projection([lng, lat]);
}

export interface UsShapes {
  /** One path per state (id: its FIPS code). */
  states: { id: string; d: string }[];
  /** The borders between states, one path. */
  borders: string;
  /** The outline of the nation, one path. */
  nation: string;
}

let shapes: Promise<UsShapes> | undefined;

/** The states' paths; the atlas (110 KB) is fetched and projected on the first call only. */
export function loadUsShapes(): Promise<UsShapes> {
  shapes ??= import('us-atlas/states-10m.json').then((module) => {
    const us = module.default as unknown as Topology<{
      states: GeometryCollection;
      nation: GeometryCollection;
    }>;
    const path = geoPath(projection);
    const states = feature(us, us.objects.states).features.map((f, i) => ({
      id: String(f.id ?? i),
      d: path(f) ?? '',
    }));
    return {
      states,
      borders: path(mesh(us, us.objects.states, (a, b) => a !== b)) ?? '',
      nation: path(feature(us, us.objects.nation)) ?? '',
    };
  });
  // A failed download (offline) is tried again by the next map.
  shapes.catch(() => {
    shapes = undefined;
  });
  return shapes;
}

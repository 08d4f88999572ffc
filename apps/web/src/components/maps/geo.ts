/**
 * The geography of the maps: the Albers USA projection (projection.ts) for placing points, and the
 * US states as SVG paths, projected ahead of time by the build (build/us-shapes.ts) and loaded once
 * per visit, only by the screens that draw a map.
 */
import type { UsShapes } from '../../../build/us-shapes';
import { albersUsa } from './projection';

export type { UsShapes };

export const projection = albersUsa();

/** A place (a ZIP centroid) on the map, or null outside the projection (territories, abroad). */
export function project(lat: number, lng: number): [number, number] | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return projection([lng, lat]);
}

let shapes: Promise<UsShapes> | undefined;

/** The states' paths (about 39 KB compressed), in a chunk of their own fetched on the first call only. */
export function loadUsShapes(): Promise<UsShapes> {
  shapes ??= import('virtual:us-shapes').then((module) => module.default);
  // A failed download (offline) is tried again by the next map.
  shapes.catch(() => {
    shapes = undefined;
  });
  return shapes;
}

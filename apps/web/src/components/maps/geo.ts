/**
 * The geography of the maps: Albers USA for placing points (albers-usa.ts, the same arithmetic as
 * d3-geo's without the library), and the US states as SVG paths, projected ahead of time by the
 * build (build/us-shapes.ts) and loaded once per visit, only by the screens that draw a map.
 */
import type { UsShapes } from '../../../build/us-shapes';
import { albersUsaPoint } from './albers-usa';
import { loadOnce } from '@/lib/load-once';

export type { UsShapes };

/** A place (a ZIP centroid) on the map, or null outside the projection (territories, abroad). */
export function project(lat: number, lng: number): [number, number] | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return albersUsaPoint(lng, lat);
}

/**
 * The states' paths (a JSON file of about 18 KB compressed), fetched on the first call only; a
 * failed download (offline) is tried again by the next map.
 */
export const loadUsShapes: () => Promise<UsShapes> = loadOnce(() =>
  import('virtual:us-shapes').then((module) => module.loadUsShapes()),
);

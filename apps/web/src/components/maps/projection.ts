/**
 * The maps' projection as d3-geo draws it: Albers USA (the lower 48 with Alaska and Hawaii inset) at
 * the size of {@link MAP_WIDTH} × {@link MAP_HEIGHT}. The build (build/us-shapes.ts) draws the states'
 * outlines with it ahead of time; the app places its points with albers-usa.ts, the same arithmetic
 * without the library, which albers-usa.test.ts checks against this one.
 */
import { geoAlbersUsa } from 'd3-geo';
import { MAP_HEIGHT, MAP_SCALE, MAP_WIDTH } from './scales';

export const albersUsa = () =>
  geoAlbersUsa()
    .scale(MAP_SCALE)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);

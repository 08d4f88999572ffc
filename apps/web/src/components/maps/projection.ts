/**
 * The maps' projection: Albers USA (d3-geo; the lower 48 with Alaska and Hawaii inset) at the size of
 * {@link MAP_WIDTH} × {@link MAP_HEIGHT}. Shared by the app, which places points with it, and the
 * build (build/us-shapes.ts), which draws the states' outlines with it ahead of time.
 */
import { geoAlbersUsa } from 'd3-geo';
import { MAP_HEIGHT, MAP_WIDTH } from './scales';

export const albersUsa = () =>
  geoAlbersUsa()
    .scale(1300)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);

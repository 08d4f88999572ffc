/**
 * Where a map's points go and in which order they are drawn: each point projected (Albers USA) and
 * the placed ones sorted largest first, so that small points stay on top and clickable. Pure
 * arithmetic over typed arrays, so that a map of many points does it in a worker
 * (place-points.worker.ts, through use-placed-points.ts) and a small map on the spot.
 */
import { albersUsaPoint } from './albers-usa';

/** What a map asks: its points' coordinates and radii, by index. */
export interface PlaceRequest {
  lat: Float64Array;
  lng: Float64Array;
  radius: Float64Array;
}

/** The answer: the placed points' indices, largest first, and their places, in that order. */
export interface PlacedArrays {
  order: Uint32Array;
  x: Float64Array;
  y: Float64Array;
}

export function placePoints({ lat, lng, radius }: PlaceRequest): PlacedArrays {
  const indices: number[] = [];
  const xs = new Float64Array(lat.length);
  const ys = new Float64Array(lat.length);
  for (let i = 0; i < lat.length; i++) {
    const la = lat[i]!;
    const lo = lng[i]!;
    if (!Number.isFinite(la) || !Number.isFinite(lo)) continue;
    const xy = albersUsaPoint(lo, la);
    if (!xy) continue;
    xs[i] = xy[0];
    ys[i] = xy[1];
    indices.push(i);
  }
  // Largest first; equal radii keep their given order (a stable sort).
  indices.sort((a, b) => radius[b]! - radius[a]!);
  const order = Uint32Array.from(indices);
  const x = new Float64Array(order.length);
  const y = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) {
    x[k] = xs[order[k]!]!;
    y[k] = ys[order[k]!]!;
  }
  return { order, x, y };
}

import { describe, expect, it } from 'vitest';
import { albersUsaPoint } from './albers-usa';
import { placePoints } from './place-points';

const request = (points: [lat: number, lng: number, radius: number][]) => ({
  lat: Float64Array.from(points.map((p) => p[0])),
  lng: Float64Array.from(points.map((p) => p[1])),
  radius: Float64Array.from(points.map((p) => p[2])),
});

describe('placePoints (a map’s points projected and ordered, as its worker does it)', () => {
  const points: [number, number, number][] = [
    [30.27, -97.74, 4], // Austin
    [48.85, 2.35, 9], // Paris: outside the projection
    [61.22, -149.9, 12], // Anchorage (the Alaska inset)
    [Number.NaN, -80, 20], // no place
    [21.31, -157.86, 4], // Honolulu (the Hawaii inset), as large as Austin
    [40.71, -74.0, 7], // New York
  ];

  it('places each point where Albers USA does, and leaves out those it cannot place', () => {
    const { order, x, y } = placePoints(request(points));
    expect([...order].sort()).toEqual([0, 2, 4, 5]);
    order.forEach((index, k) => {
      const [lat, lng] = points[index]!;
      expect([x[k], y[k]]).toEqual(albersUsaPoint(lng, lat));
    });
  });

  it('orders them largest first, equal ones in the order given, so that small ones are drawn on top', () => {
    expect([...placePoints(request(points)).order]).toEqual([2, 5, 0, 4]);
  });

  it('answers an empty map with empty arrays', () => {
    const placed = placePoints(request([]));
    expect([placed.order.length, placed.x.length, placed.y.length]).toEqual([0, 0, 0]);
  });
});

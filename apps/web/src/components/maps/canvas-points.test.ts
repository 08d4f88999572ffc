import { describe, expect, it } from 'vitest';
import { pointAt, type PlacedPoint } from './canvas-points';

const placed = (id: string, x: number, y: number, radius: number): PlacedPoint => ({
  point: { id, lat: 0, lng: 0, radius, color: '#000', label: id },
  x,
  y,
});

describe('pointAt (clicks on a map drawn on a canvas)', () => {
  const points = [placed('big', 100, 100, 20), placed('small', 105, 100, 4), placed('far', 300, 300, 5)];

  it('finds the smallest disc under the pointer, as the eye sees the small one on top', () => {
    expect(pointAt(points, 106, 101, 1)?.id).toBe('small');
    expect(pointAt(points, 90, 100, 1)?.id).toBe('big');
    expect(pointAt(points, 302, 297, 1)?.id).toBe('far');
  });

  it('finds nothing between the discs', () => {
    expect(pointAt(points, 200, 200, 1)).toBeUndefined();
  });

  it('shrinks the discs as the map zooms in (radius over scale)', () => {
    expect(pointAt(points, 115, 100, 1)?.id).toBe('big');
    expect(pointAt(points, 115, 100, 2)).toBeUndefined();
  });
});

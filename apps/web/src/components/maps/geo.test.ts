import { describe, expect, it } from 'vitest';
import { projectedUsShapes, relativePath, simplifiedArc, TOLERANCE } from '../../../build/us-shapes';
import { loadUsShapes, project } from './geo';
import { MAP_HEIGHT, MAP_WIDTH } from './scales';

/** The box a path's coordinates span (every number pair of an SVG path of M, L and Z commands). */
function boxOf(d: string) {
  const numbers = d.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** The points a browser draws for a path of `M x y`, `l dx dy …` and `z`, as absolute pairs. */
function pointsOf(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, command, args] of d.matchAll(/([MLlZz])([^MLlZz]*)/g)) {
    const numbers = (args!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    for (let i = 0; i < numbers.length; i += 2) {
      if (command === 'l') [x, y] = [x + numbers[i]!, y + numbers[i + 1]!];
      else [x, y] = [numbers[i]!, numbers[i + 1]!];
      // `|| 0`: a sum of relative moves may come back to -0.
      points.push([Math.round(x * 10) / 10 || 0, Math.round(y * 10) / 10 || 0]);
    }
  }
  return points;
}

/** The distinct points of a path in order, one decimal (a point repeated at once counts once). */
function distinctPoints(d: string) {
  return pointsOf(d).filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);
}

describe('the states projected by the build, and the points projected in the browser', () => {
  const built = projectedUsShapes();

  it('draw every state inside the map, and a city falls inside its own state outline', () => {
    const drawn = built.states.filter((state) => state.d);
    // The 50 states and the District of Columbia; the territories fall outside Albers USA.
    expect(drawn).toHaveLength(51);
    // Inside the map, but Alaska, whose Aleutians cross the antimeridian and reach off its left edge.
    for (const state of drawn.filter((s) => s.id !== '02')) {
      const box = boxOf(state.d);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(MAP_WIDTH);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    const cities = [
      { state: '48', lat: 30.27, lng: -97.74 }, // Austin, Texas
      { state: '12', lat: 27.95, lng: -82.46 }, // Tampa, Florida
      { state: '02', lat: 61.22, lng: -149.9 }, // Anchorage, Alaska (inset)
      { state: '15', lat: 21.31, lng: -157.86 }, // Honolulu, Hawaii (inset)
    ];
    for (const city of cities) {
      const [x, y] = project(city.lat, city.lng)!;
      const box = boxOf(built.states.find((state) => state.id === city.state)!.d);
      expect(x, city.state).toBeGreaterThan(box.left);
      expect(x, city.state).toBeLessThan(box.right);
      expect(y, city.state).toBeGreaterThan(box.top);
      expect(y, city.state).toBeLessThan(box.bottom);
    }
  });

  it('sends the map the nation and the borders, drawn through the same points as the build drew them', async () => {
    const shapes = await loadUsShapes();
    expect(Object.keys(shapes).sort()).toEqual(['borders', 'nation']);
    expect(shapes.nation).toMatch(/^M[\d.]+[ -][\d.]+l/);
    expect(distinctPoints(shapes.nation)).toEqual(distinctPoints(built.nation));
    expect(distinctPoints(shapes.borders)).toEqual(distinctPoints(built.borders));
    // Shorter than the absolute paths the build started from.
    expect(shapes.nation.length).toBeLessThan(built.nation.length * 0.75);
  });

  it('writes relative lines with the fewest characters', () => {
    expect(relativePath('M10,20L10.5,19.5L12,19.5L12,19.5L11,21ZM0,0L0.3,0Z')).toBe(
      'M10 20l.5-.5 1.5 0-1 1.5zM0 0l.3 0z',
    );
  });

  it('simplifies an arc within the tolerance, keeping its ends', () => {
    const flat = (p: [number, number]) => p;
    // Nearly straight: the middle points stray by less than the tolerance.
    const straight: [number, number][] = [
      [0, 0],
      [1, TOLERANCE / 2],
      [2, -TOLERANCE / 2],
      [3, 0],
    ];
    expect(simplifiedArc(straight, flat, TOLERANCE)).toEqual([
      [0, 0],
      [3, 0],
    ]);
    // A corner farther than the tolerance stays.
    const corner: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 0],
    ];
    expect(simplifiedArc(corner, flat, TOLERANCE)).toEqual(corner);
    // An arc the projection cannot place is kept whole.
    expect(simplifiedArc(straight, () => null, TOLERANCE)).toEqual(straight);
  });

  it('simplifies the atlas by less than a pixel: the states are where the unsimplified atlas puts them', () => {
    const whole = projectedUsShapes(0);
    for (const state of built.states.filter((s) => s.d)) {
      const a = boxOf(state.d);
      const b = boxOf(whole.states.find((s) => s.id === state.id)!.d);
      for (const side of ['left', 'right', 'top', 'bottom'] as const)
        expect(Math.abs(a[side] - b[side]), `${state.id} ${side}`).toBeLessThanOrEqual(TOLERANCE + 0.1);
    }
    expect(built.nation.length).toBeLessThan(whole.nation.length);
  });

  it('loads the shapes once per visit', async () => {
    expect(loadUsShapes()).toBe(loadUsShapes());
  });
});

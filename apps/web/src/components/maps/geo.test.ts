import { describe, expect, it } from 'vitest';
import { loadUsShapes, project } from './geo';
import { MAP_HEIGHT, MAP_WIDTH } from './scales';

/** The box a path's coordinates span (every number pair of an SVG path of M, L and Z commands). */
function boxOf(d: string) {
  const numbers = d.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe('the states projected by the build, and the points projected in the browser', () => {
  it('draw every state inside the map, and a city falls inside its own state outline', async () => {
    const shapes = await loadUsShapes();
    const drawn = shapes.states.filter((state) => state.d);
    // The 50 states and the District of Columbia; the territories fall outside Albers USA.
    expect(drawn).toHaveLength(51);
    expect(shapes.borders.length).toBeGreaterThan(1000);
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
      const box = boxOf(shapes.states.find((state) => state.id === city.state)!.d);
      expect(x, city.state).toBeGreaterThan(box.left);
      expect(x, city.state).toBeLessThan(box.right);
      expect(y, city.state).toBeGreaterThan(box.top);
      expect(y, city.state).toBeLessThan(box.bottom);
    }
  });

  it('loads the shapes once per visit', async () => {
    expect(loadUsShapes()).toBe(loadUsShapes());
  });
});

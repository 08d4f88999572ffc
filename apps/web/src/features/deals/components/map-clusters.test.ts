import { describe, expect, it } from 'vitest';
import { CLUSTER_CELL, clusterDeals, dealsByZip, MAX_MAP_ZOOM, nextZoom, type Placed } from './map-clusters';

const at = (id: string, x: number, y: number, lat = y, lng = x): Placed<{ id: string }> => ({
  item: { id },
  x,
  y,
  lat,
  lng,
});

describe('clusterDeals', () => {
  it('groups the deals of one grid cell and leaves a lone deal alone', () => {
    const clusters = clusterDeals([at('a', 1, 1), at('b', 9, 9), at('c', 500, 300)], 1);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([['a', 'b'], ['c']]);
    expect(clusters[0]).toMatchObject({ id: 'cell:1:0:0', x: 5, y: 5, onePlace: false });
    expect(clusters[1]).toMatchObject({ id: 'deal:c', x: 500, y: 300, onePlace: true });
  });

  it('splits a group as the map zooms in, never deals of one centroid', () => {
    const deals = [at('a', 1, 1), at('b', 9, 9), at('c', 9, 9), at('d', 9, 9)];
    expect(clusterDeals(deals, 1)).toHaveLength(1);
    const closer = clusterDeals(deals, 9);
    expect(closer.map((c) => c.items.length)).toEqual([1, 3]);
    expect(closer[1]).toMatchObject({ onePlace: true, x: 9, y: 9 });
    expect(clusterDeals(deals, MAX_MAP_ZOOM).map((c) => c.items.length)).toEqual([1, 3]);
  });

  it('shrinks the cell with the zoom', () => {
    const two = [at('a', 0, 0), at('b', CLUSTER_CELL / 2, 0)];
    expect(clusterDeals(two, 1)).toHaveLength(1);
    expect(clusterDeals(two, 3)).toHaveLength(2);
  });

  it('zooms three times closer per click, up to the last level', () => {
    expect(nextZoom(1)).toBe(3);
    expect(nextZoom(9)).toBe(27);
    expect(nextZoom(MAX_MAP_ZOOM)).toBe(MAX_MAP_ZOOM);
  });
});

describe('dealsByZip', () => {
  it('groups by ZIP code, most deals first', () => {
    const zips = dealsByZip([
      { id: '1', zipCode: '85004' },
      { id: '2', zipCode: '78701' },
      { id: '3', zipCode: '78701' },
      { id: '4', zipCode: '33602' },
    ]);
    expect(zips.map((z) => [z.zipCode, z.items.length])).toEqual([
      ['78701', 2],
      ['33602', 1],
      ['85004', 1],
    ]);
  });
});

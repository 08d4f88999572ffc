/**
 * The clusters of the deals map (pure, no d3, no DOM): deals placed at their ZIP centroid are
 * grouped on a grid of the projected map (SVG units of the 975 × 610 map) whose cells shrink as
 * the map zooms in, so that nearby deals share one bubble with their count and split apart when
 * the map gets closer. Deals of one ZIP share one centroid: they never split, and the map lists
 * them instead.
 */

/** A deal where the map draws it: projected (x, y) and its ZIP centroid. */
export interface Placed<T> {
  item: T;
  x: number;
  y: number;
  lat: number;
  lng: number;
}

export interface Cluster<T> {
  /** `deal:{id}` for a lone deal, `cell:{zoom}:{column}:{row}` for a group. */
  id: string;
  items: T[];
  /** The middle of its deals, projected and as a place (the map zooms there). */
  x: number;
  y: number;
  lat: number;
  lng: number;
  /** Its deals all stand at one centroid (one ZIP): zooming cannot split them. */
  onePlace: boolean;
}

/** The grid's cell at the whole-country view, in SVG units; divided by the zoom factor. */
export const CLUSTER_CELL = 40;
/** Each click on a group zooms this many times closer, up to {@link MAX_MAP_ZOOM}. */
export const ZOOM_STEP = 3;
export const MAX_MAP_ZOOM = 27;

/** The next zoom level of a click on a group (the last one stays). */
export function nextZoom(zoom: number): number {
  return Math.min(MAX_MAP_ZOOM, Math.max(1, zoom) * ZOOM_STEP);
}

/**
 * The deals grouped by grid cell at zoom `zoom` (1: the whole country): one cluster per cell that
 * holds any, in the order of their first deal. The cell is {@link CLUSTER_CELL} / zoom units wide.
 */
export function clusterDeals<T extends { id: string }>(
  placed: readonly Placed<T>[],
  zoom: number,
): Cluster<T>[] {
  const cell = CLUSTER_CELL / Math.max(1, zoom);
  const cells = new Map<string, Placed<T>[]>();
  for (const p of placed) {
    const key = `${Math.floor(p.x / cell)}:${Math.floor(p.y / cell)}`;
    const members = cells.get(key);
    if (members) members.push(p);
    else cells.set(key, [p]);
  }
  const clusters: Cluster<T>[] = [];
  for (const [key, members] of cells) {
    const n = members.length;
    const first = members[0]!;
    const mean = (pick: (p: Placed<T>) => number) => members.reduce((sum, p) => sum + pick(p), 0) / n;
    clusters.push({
      id: n === 1 ? `deal:${first.item.id}` : `cell:${zoom}:${key}`,
      items: members.map((p) => p.item),
      x: mean((p) => p.x),
      y: mean((p) => p.y),
      lat: mean((p) => p.lat),
      lng: mean((p) => p.lng),
      onePlace: members.every((p) => p.lat === first.lat && p.lng === first.lng),
    });
  }
  return clusters;
}

/** The deals grouped by ZIP code (the map's table), most deals first, then by ZIP. */
export function dealsByZip<T extends { zipCode: string }>(
  items: readonly T[],
): { zipCode: string; items: T[] }[] {
  const zips = new Map<string, T[]>();
  for (const item of items) {
    const list = zips.get(item.zipCode);
    if (list) list.push(item);
    else zips.set(item.zipCode, [item]);
  }
  return [...zips]
    .map(([zipCode, list]) => ({ zipCode, items: list }))
    .sort((a, b) => b.items.length - a.items.length || a.zipCode.localeCompare(b.zipCode));
}

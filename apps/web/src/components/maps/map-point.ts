/** One point of the map (us-map.tsx draws it as SVG, canvas-points.tsx on a canvas). */
export interface MapPoint {
  /** Unique among the points (a ZIP code, a market key); given back by `onPointClick`. */
  id: string;
  /** WGS84 latitude and longitude (a ZIP centroid, never a street address). */
  lat: number;
  lng: number;
  /** Radius in SVG units at the whole-country view (the map is 975 units wide); see `sqrtRadius`. */
  radius: number;
  /** Fill colour (any CSS colour); see `sequentialColor`. */
  color: string;
  /** Accessible name and hover text ("85004: 12 buyers"). */
  label: string;
  /** A short text drawn in the middle of the point (a cluster's count); decoration, not its name. */
  text?: string;
}

/** A point where the map draws it (SVG units at the whole-country view). */
export interface PlacedPoint {
  point: MapPoint;
  x: number;
  y: number;
}

/** The parts of the locale files served by build/locale-sections.ts. */
declare module 'virtual:locales/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** Every US ZIP code's centroid, packed (build/zip-centroids.ts), fetched: `/map-optimization-demo` only. */
declare module 'virtual:zip-centroids' {
  export function loadZipCentroids(): Promise<number[]>;
}

/** The US states' outlines, projected by the build (build/us-shapes.ts), fetched: the maps only. */
declare module 'virtual:us-shapes' {
  // The shape of build/us-shapes.ts's UsShapes (an ambient module cannot import a relative path).
  export function loadUsShapes(): Promise<{ borders: string; nation: string }>;
}

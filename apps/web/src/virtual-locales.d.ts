/** The parts of the locale files served by build/locale-sections.ts. */
declare module 'virtual:locales/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** Every US ZIP code's centroid, packed (build/zip-centroids.ts): `/map-optimization-demo` only. */
declare module 'virtual:zip-centroids' {
  const packed: number[];
  export default packed;
}

/** The US states' outlines, projected by the build (build/us-shapes.ts): the maps only. */
declare module 'virtual:us-shapes' {
  const shapes: import('../build/us-shapes').UsShapes;
  export default shapes;
}

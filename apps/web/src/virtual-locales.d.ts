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

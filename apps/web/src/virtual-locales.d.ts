/** The parts of the locale files served by build/locale-sections.ts. */
declare module 'virtual:locales/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

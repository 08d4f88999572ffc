/**
 * The roadmap's statuses without schemas, so that the public roadmap does not load zod (the schemas
 * are in roadmap.ts, which re-exports these).
 */
export const ROADMAP_STATUSES = ['planned', 'in_progress', 'done'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

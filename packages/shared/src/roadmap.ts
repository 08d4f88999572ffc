/**
 * The feature roadmap (DECISIONS.md, Pages the spec lists without content): items with a status,
 * managed by admins in both languages; signed-in users vote once per item and can take it back.
 * Schemas the API and the admin tab share; messages are locale keys.
 */
import { z } from 'zod';
import { ROADMAP_STATUSES, type RoadmapStatus } from './roadmap-rules';

export * from './roadmap-rules';

export const ROADMAP_TITLE_MAX = 120;
export const ROADMAP_DESCRIPTION_MAX = 2_000;
/** The most items the roadmap holds (a page of the API's largest limit). */
export const ROADMAP_ITEMS_MAX = 100;

const text = (max: number) =>
  z.string().trim().min(1, 'roadmap.validation.required').max(max, 'roadmap.validation.tooLong');

/** Both languages are required: the roadmap is read in either. */
const bilingual = (max: number) => z.object({ en: text(max), es: text(max) }).strict();

export const roadmapStatusSchema = z.enum(ROADMAP_STATUSES, { message: 'roadmap.validation.status' });

/**
 * `POST /api/admin/features` and `PUT /api/admin/features/{id}`: the whole item. Without a
 * position, a new item goes last in its status and an edited one keeps its own.
 */
export const roadmapItemInputSchema = z
  .object({
    title: bilingual(ROADMAP_TITLE_MAX),
    description: bilingual(ROADMAP_DESCRIPTION_MAX),
    status: roadmapStatusSchema,
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type RoadmapItemInput = z.input<typeof roadmapItemInputSchema>;

/** An item of `GET /api/features`, in the reader's language. */
export interface RoadmapItem {
  id: string;
  title: string;
  description: string;
  status: RoadmapStatus;
  position: number;
  votes: number;
  /** Whether the signed-in reader voted for it (false signed out). */
  votedByMe: boolean;
}

export interface RoadmapList {
  items: RoadmapItem[];
  nextCursor: null;
  total: number;
  language: 'en' | 'es';
}

/** An item as the admin edits it: both languages. */
export interface AdminRoadmapItem {
  id: string;
  title: { en: string; es: string };
  description: { en: string; es: string };
  status: RoadmapStatus;
  position: number;
  votes: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** `POST` and `DELETE /api/features/{id}/vote`. */
export interface RoadmapVoteResult {
  votes: number;
  votedByMe: boolean;
}

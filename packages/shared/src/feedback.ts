/**
 * Feedback (shell §2 widget, §3 submission, §5 rules, §8 copy; DECISIONS.md, Help, feedback and
 * roadmap): the types, limits and shapes the API and the web app share.
 */

/** The widget's types (shell §3); the public page also knows `other`. */
export const WIDGET_FEEDBACK_TYPES = ['bug', 'idea', 'question'] as const;
export const FEEDBACK_TYPES = ['bug', 'idea', 'question', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Where it was sent from: the signed-in widget, `/feedback`, or `/owners-feedback`. */
export const FEEDBACK_SOURCES = ['widget', 'page', 'owners'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Shell §8: comment 500 characters; screenshot 10 MB. */
export const FEEDBACK_COMMENT_MAX = 500;
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
/** The admin's note on a status change. */
export const FEEDBACK_NOTE_MAX = 2_000;
/** The page path the widget records. */
export const FEEDBACK_PAGE_MAX = 500;

/** `GET /api/auth/public-feedback/challenge`: an ALTCHA challenge (altcha-lib v2), solved in the browser. */
export interface HumanCheckChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}

/** One feedback item as admins read it (`GET /api/admin/feedback[/{id}]`). */
export interface AdminFeedback {
  id: string;
  type: FeedbackType;
  comment: string;
  page: string | null;
  source: FeedbackSource;
  status: FeedbackStatus;
  statusNote: string | null;
  /** The sender's name (signed in), else null. */
  senderName: string | null;
  /** The signed-in sender's address or the one given on the public form, else null. */
  senderEmail: string | null;
  userId: string | null;
  /** `/api/admin/feedback/{id}/screenshot` when there is one. */
  screenshotUrl: string | null;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

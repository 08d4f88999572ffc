/**
 * The feedback forms' own checks (shell §5), run before anything is sent; the server checks the
 * same again (apps/api/src/modules/feedback/routes.ts). Each refusal names its toast: the spec's
 * title and message, as locale keys under `feedback.toast`.
 */
import { FEEDBACK_COMMENT_MAX, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@dealclub/shared/feedback';

export type FeedbackRefusal = 'required' | 'fileType' | 'fileSize';

/** The toast of a refusal: `feedback.toast.<refusal>Title` and `…Body`. */
export const refusalToast = (refusal: FeedbackRefusal) => ({
  title: `feedback.toast.${refusal}Title`,
  description: `feedback.toast.${refusal}Body`,
});

/** A type and a comment that is not blank once trimmed, at most 500 characters. */
export function checkFeedback(type: string | null, comment: string): FeedbackRefusal | null {
  if (!type || comment.trim() === '') return 'required';
  return null;
}

/** The comment as it is sent: trimmed, and never longer than the limit. */
export const commentToSend = (comment: string) => [...comment.trim()].slice(0, FEEDBACK_COMMENT_MAX).join('');

/** A screenshot: an image (by its type) of at most 10 MB. */
export function checkScreenshot(file: { type: string; size: number }): FeedbackRefusal | null {
  if (!file.type.startsWith('image/')) return 'fileType';
  if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) return 'fileSize';
  return null;
}

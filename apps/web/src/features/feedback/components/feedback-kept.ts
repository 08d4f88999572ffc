import type { FeedbackType } from '@dealclub/shared/feedback';

/**
 * What the feedback forms keep of an unsent message while the user types (issue 33). The widget's
 * draft goes when the widget closes (it resets then, shell §9); the screenshot is named, not kept.
 */
export interface KeptFeedback {
  type: FeedbackType | null;
  comment: string;
}

export const NOTHING_KEPT: KeptFeedback = { type: null, comment: '' };

import { describe, expect, it } from 'vitest';
import { FEEDBACK_SCREENSHOT_MAX_BYTES } from '@dealclub/shared/feedback';
import { checkFeedback, checkScreenshot, commentToSend, refusalToast } from './feedback-rules';

describe('the feedback rules (shell §5)', () => {
  it('needs a type and a comment that is not blank once trimmed', () => {
    expect(checkFeedback(null, 'Hello')).toBe('required');
    expect(checkFeedback('bug', '   \n ')).toBe('required');
    expect(checkFeedback('bug', ' Broken ')).toBeNull();
  });

  it('sends the comment trimmed and at most 500 characters', () => {
    expect(commentToSend('  Hi  ')).toBe('Hi');
    expect([...commentToSend('é'.repeat(600))]).toHaveLength(500);
  });

  it('takes an image of at most 10 MB as a screenshot', () => {
    expect(checkScreenshot({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkScreenshot({ type: 'image/webp', size: FEEDBACK_SCREENSHOT_MAX_BYTES })).toBeNull();
    expect(checkScreenshot({ type: 'application/pdf', size: 1000 })).toBe('fileType');
    expect(checkScreenshot({ type: '', size: 1000 })).toBe('fileType');
    expect(checkScreenshot({ type: 'image/png', size: FEEDBACK_SCREENSHOT_MAX_BYTES + 1 })).toBe('fileSize');
  });

  it('names the toast of each refusal', () => {
    expect(refusalToast('fileSize')).toEqual({
      title: 'feedback.toast.fileSizeTitle',
      description: 'feedback.toast.fileSizeBody',
    });
  });
});

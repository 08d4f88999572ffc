/** The widget's element id, which its button (feedback-launcher.tsx) names as what it controls. */
export const FEEDBACK_WIDGET_ID = 'feedback-widget';

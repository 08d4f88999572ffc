/** The public entry of modules/feedback: what other modules may import from it. */
export { demoFeedbackSeed } from './demo-feedback';

/** The public entry of modules/training: what other modules may import from it. */
export { demoTrainingSeed, trainingCourseSeed } from './course-seed';

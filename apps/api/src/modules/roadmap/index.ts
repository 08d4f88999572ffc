/** The public entry of modules/roadmap: what other modules may import from it. */
export { demoRoadmapSeed } from './demo-roadmap';

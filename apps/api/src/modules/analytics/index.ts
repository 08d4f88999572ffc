/** The public entry of modules/analytics: what other modules and the composition may import from it. */
export { demoClubSeed } from './demo-club';

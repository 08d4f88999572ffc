/** The public entry of modules/profile: what other modules may import from it. */
export { missingProfileParts, PROFILE_FACTS_JOIN, profileFactsOf } from './completeness';
export { demoProfilesSeed } from './demo-profiles';

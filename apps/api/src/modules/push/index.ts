/** The public entry of modules/push: what other modules may import from it. */
export { resolvePushTarget } from './endpoint-policy';

/** The public entry of modules/help: what other modules may import from it. */
export { helpCentreSeed } from './help-seed';

/** The public entry of modules/geo: what other modules may import from it. */
export { zipErrors } from './zip-lookup';

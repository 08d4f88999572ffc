/** The public entry of modules/trust: what other modules may import from it. */
export { comparedDealOf, dealDisclosures, disclosureItems } from './disclosures';

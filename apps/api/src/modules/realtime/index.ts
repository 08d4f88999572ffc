/** The public entry of modules/realtime: what other modules may import from it. */
export { type HubOptions } from './hub';
export { type RealtimePublisher } from './publisher';
export { md5Hex, requestSignature } from './signatures';

/**
 * How the API compresses JSON answers, shared by the compression plugin (every answer) and the
 * answers kept compressed (cached-body.ts). Brotli at quality 4 costs about what gzip does per byte
 * while still beating it on size; the default of 11 is meant for files compressed once.
 */
import { constants } from 'node:zlib';

/** Answers below this size go out as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

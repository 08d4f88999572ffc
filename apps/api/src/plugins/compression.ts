/**
 * API answers in JSON above 1 KB go out compressed when the client accepts it (a deal list of 24
 * cards is ~20 KB of JSON, ~3 KB compressed), with the settings of lib/compression.ts. Only JSON: the built web app is compressed at build time (plugins/web.ts), photos are already
 * compressed, and the CSV exports are streamed as they are read.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD_BYTES } from '../lib/compression';

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are never taken compressed: a small gzip body can inflate past every limit.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
    brotliOptions: BROTLI_OPTIONS,
  });
}

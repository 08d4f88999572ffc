/**
 * Serves the built web app: hashed files under /assets with a year of caching, other static files
 * with an hour, and index.html (never cached) for every route of the app's route table. Any other
 * path that is not the API's gets index.html too, so the app shows its not-found page, but with
 * status 404 so that the answer is honest to crawlers and link checkers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorMessage } from '@dealclub/shared/errors';
import { matchBuiltRoute } from '@dealclub/shared/routes';
import { sendError } from './errors';

/** Paths that belong to the server, never to the web app. */
const SERVER_PREFIXES = ['/api', '/cognito', '/app', '/apps', '/assets'];

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  if (!indexHtml) {
    app.log.warn(`web app not built (no ${indexFile}); run "npm run build" to serve it`);
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // Our own cache policy below; the plugin's default (max-age=0) would be sent otherwise.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        (reply as unknown as FastifyReply).header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (!isPage || !indexHtml) {
      return sendError(reply, 404, { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND') });
    }
    return reply
      .status(matchBuiltRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}

/**
 * `GET /files/<key>`: uploaded files (logos, profile pictures, later deal photos). Keys are random
 * and never reused, so the answer is cacheable for good; the type is the one the bytes were checked
 * to be at upload, and `nosniff` keeps browsers from guessing another.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { PRIVATE_FILE_FOLDERS } from '../../lib/storage';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:folder/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'An uploaded file',
        params: z.object({ folder: z.string(), name: z.string() }),
      },
    },
    async (request, reply) => {
      // Feedback screenshots are the admins' (DECISIONS.md): read through /api/admin/feedback only.
      if (PRIVATE_FILE_FOLDERS.includes(request.params.folder)) throw new AppError('NOT_FOUND');
      const file = await app.storage.get(`${request.params.folder}/${request.params.name}`);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
};

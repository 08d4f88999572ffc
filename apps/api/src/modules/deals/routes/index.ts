/**
 * The deals calls of API.md, by concern: the lists (browse.ts), one deal (detail.ts), listing and
 * editing (write.ts), its status (status.ts) and its photos (photos.ts). Roles (core §6): the buyer
 * side browses and saves favorites; the seller side lists deals; only a deal's originator (or an
 * admin, recorded as the actor) edits it, changes its status or deletes it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dealAccess } from './access';
import { browseRoutes } from './browse';
import { dealDetailRoutes } from './detail';
import { dealPhotoRoutes } from './photos';
import { dealStatusRoutes } from './status';
import { dealWriteRoutes } from './write';

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = dealAccess(app);
  await app.register(browseRoutes, { access });
  await app.register(dealDetailRoutes, { access });
  await app.register(dealWriteRoutes, { access });
  await app.register(dealStatusRoutes, { access });
  await app.register(dealPhotoRoutes);
};

/**
 * Who may act on the offer or deal an offers call's path names, as route guards (plugins/access.ts):
 * the module's own checks, run before a request that does not validate is answered. A request that
 * validates meets the same checks in its step.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { AccessGuard } from '../../../plugins/access';
import { viewerOf, type Viewer } from '../../deals';
import { buyersOffer } from '../counters';
import { managedDeal } from '../queries';
import { dealForBuyer, managedOffer } from '../service';

export function offerGuards(app: FastifyInstance) {
  const guard =
    (check: (db: Db, viewer: Viewer, id: string) => Promise<unknown>): AccessGuard =>
    (user, id) =>
      check(app.database.db, viewerOf(user), id);
  return {
    /** A deal the buyer side sees and does not own: interests and offers on it. */
    dealForBuyer: guard(dealForBuyer),
    /** A deal its originator (or an admin) manages: its interests and offers. */
    managedDeal: guard(managedDeal),
    /** An offer on a deal the viewer manages: a counter to it. */
    managedOffer: guard(managedOffer),
    /** The viewer's own offer: the answer to a counter. */
    buyersOffer: guard(buyersOffer),
  };
}

/**
 * What the analytics keep for the whole app, registered before the routes so every module reaches
 * them: the deal views waiting to be written (`app.dealViews`, noted by the deal page) and the buyer
 * analytics with their caches (`app.buyerAnalytics`, told by the profile when a buyer saves
 * preferences or a buy box).
 */
import type { FastifyInstance } from 'fastify';
import { BuyerAnalytics } from './buyer-analytics';
import { registerDealViews } from './view-buffer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The buyer map and the ZIP analytics (analytics/buyer-analytics.ts). */
    buyerAnalytics: BuyerAnalytics;
  }
}

export function registerAnalytics(app: FastifyInstance): void {
  registerDealViews(app);
  app.decorate('buyerAnalytics', new BuyerAnalytics(app.database.db, app.config.buyerMapZipDetailMax));
}

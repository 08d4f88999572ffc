/**
 * The reads of the deal screens, started by the router as soon as it matches the route, in
 * parallel with the screen's code and the session check (app/router.tsx). Only with a stored
 * token: a visitor who is not signed in is sent to sign in by the screen anyway.
 */
import { isBuyerSide } from '@dealclub/shared/roles';
import { currentToken } from '@/lib/api-client';
import { fallbackUser } from '@/lib/session/session-manager';
import type { ScreenPrefetch } from '@/lib/query-client';
import { parseFilters } from '@/lib/browse-filters';
import { dealsListOptions } from './deals';
import { dealQueryOptions } from '@/lib/deals';

/** `/deals`: the browse list (the default view) with the filters of the URL, for the buyer side. */
export const prefetchDealsList: ScreenPrefetch = (client, { url }) => {
  const token = currentToken();
  // The roles of the stored token (the session check confirms them); a seller-only user does not
  // browse, and the list would answer 403.
  const user = token ? fallbackUser(token) : null;
  if (!user || !isBuyerSide(user.roles) || url.searchParams.has('view')) return;
  void client.prefetchInfiniteQuery(dealsListOptions(parseFilters(url.searchParams)));
};

/** `/deals/{id}`: the deal. */
export const prefetchDeal: ScreenPrefetch = (client, { params }) => {
  if (currentToken() && params.id) void client.prefetchQuery(dealQueryOptions(params.id));
};

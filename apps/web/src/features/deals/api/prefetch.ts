/**
 * The reads of the deal screens, started by the router as soon as it matches the route, in
 * parallel with the screen's code and the session check (app/router.tsx). Only with a stored
 * token: a visitor who is not signed in is sent to sign in by the screen anyway. The photo the
 * screen shows first is asked for with the answer (`preloadImage`), not after the screen renders.
 */
import { isBuyerSide } from '@dealclub/shared/roles';
import { currentToken } from '@/lib/api-client';
import { storedRoles } from '@/lib/session/session-manager';
import type { ScreenPrefetch } from '@/lib/query-client';
import { parseFilters } from '@/lib/browse-filters';
import { dealsListOptions } from './deals';
import { CARD_PHOTO_SIZES, DETAIL_PHOTO_SIZES, dealQueryOptions } from '@/lib/deals';
import { preloadImage } from '@/lib/preload-image';

/** `/deals`: the browse list (the default view) with the filters of the URL, for the buyer side. */
export const prefetchDealsList: ScreenPrefetch = (client, { url }) => {
  // A seller-only user does not browse, and the list would answer 403.
  if (!isBuyerSide(storedRoles()) || url.searchParams.has('view')) return;
  const options = dealsListOptions(parseFilters(url.searchParams));
  void client.prefetchInfiniteQuery(options).then(() => {
    const cover = client.getQueryData(options.queryKey)?.pages[0]?.items[0]?.coverPhoto;
    if (cover) preloadImage(cover, CARD_PHOTO_SIZES);
  });
};

/** `/deals/{id}`: the deal. */
export const prefetchDeal: ScreenPrefetch = (client, { params }) => {
  if (!currentToken() || !params.id) return;
  const options = dealQueryOptions(params.id);
  void client.prefetchQuery(options).then(() => {
    const photo = client.getQueryData(options.queryKey)?.photos[0];
    if (photo) preloadImage(photo, DETAIL_PHOTO_SIZES);
  });
};

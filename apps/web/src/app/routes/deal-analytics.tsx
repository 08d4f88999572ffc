/**
 * `/deals/:id/analytics`: the analytics feature's page of one deal, with the deals feature's panel
 * of the buyers the deal matches (the one the deal's offers page shows).
 */
import DealAnalyticsPage from '@/features/analytics/routes/deal-analytics';

export { prefetch } from '@/features/analytics/routes/deal-analytics';
import { MatchingBuyers } from '@/features/deals/components/matching-buyers';
import { preloadLocaleSection } from '@/lib/i18n';

// The panel's texts download with the screen's code, not after its first render.
preloadLocaleSection('matchingBuyers');

export default function DealAnalyticsRoute() {
  return <DealAnalyticsPage matchingBuyers={MatchingBuyers} />;
}

/**
 * `/deals/:id/analytics`: the analytics feature's page of one deal, with the deals feature's panel
 * of the buyers the deal matches (the one the deal's offers page shows).
 */
import DealAnalyticsPage from '@/features/analytics/routes/deal-analytics';
import { MatchingBuyers } from '@/features/deals/components/matching-buyers';

export default function DealAnalyticsRoute() {
  return <DealAnalyticsPage matchingBuyers={MatchingBuyers} />;
}

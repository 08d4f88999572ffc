/**
 * `/deals/:id/closing`: the closing feature's room, kept live by the conversations feature's
 * realtime connection — which a buyer-only account otherwise opens only with the bell's menu.
 */
import { useRealtime } from '@/features/chat/realtime/realtime-provider';
import DealClosingPage from '@/features/closing/routes/deal-closing';

export { prefetch } from '@/features/closing/routes/deal-closing';

export default function DealClosingRoute() {
  const realtime = useRealtime();
  return <DealClosingPage onOpen={realtime.closingRoomOpened} />;
}

import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { RequireSession } from '@/lib/session/require-session';
import { useSession, type SessionUser } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { placeOf, streetOf } from '@/lib/address';
import { isNotFound } from '@/lib/api-client';
import { useDeal, type DealDetail } from '@/lib/deals';
import { DealMissing } from './deal-missing';

/**
 * The frame of the pages of one deal (`/deals/:id`, `/deals/:id/offers`): a signed-out visitor is
 * sent to sign in and brought back; the deal is read, the document title names it, and until it is
 * there the page shows the spinner, then 'Listing not found' or 'Error loading listing'.
 */
export function DealPage({
  title,
  children,
}: {
  /** The page's name in the document title, before the deal's street or place. */
  title: string;
  children: (deal: DealDetail, user: SessionUser) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const deal = useDeal(session.status === 'authenticated' ? id : undefined);
  // The page is built in the background when the deal arrives (yielding to the browser between
  // parts), so that a slow phone stays responsive; until then the spinner stays.
  const shown = useDeferredValue(deal.data);
  const place = deal.data ? (streetOf(deal.data) ?? placeOf(t, deal.data)) : null;
  usePageTitle(place ? t('dealDetail.documentTitle', { page: title, place }) : title);

  return (
    <RequireSession>
      {(user) =>
        deal.isPending || (deal.data && !shown) ? (
          <PageFallback />
        ) : !shown ? (
          <DealMissing notFound={isNotFound(deal.error)} onRetry={() => void deal.refetch()} />
        ) : (
          children(shown, user)
        )
      }
    </RequireSession>
  );
}

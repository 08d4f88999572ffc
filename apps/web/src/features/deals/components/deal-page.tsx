import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { useSession, type SessionUser } from '@/features/auth/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useDeal, type DealDetail } from '../api/deals';
import { placeOf, streetOf } from './deal-card';
import { DealMissing, isNotFound } from './deal-missing';

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
  const location = useLocation();
  const session = useSession();
  const deal = useDeal(session.status === 'authenticated' ? id : undefined);
  const place = deal.data ? (streetOf(deal.data) ?? placeOf(t, deal.data)) : null;
  usePageTitle(place ? t('dealDetail.documentTitle', { page: title, place }) : title);

  if (session.status === 'loading') return <PageFallback />;
  if (session.status !== 'authenticated') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (deal.isPending) return <PageFallback />;
  if (!deal.data) {
    return <DealMissing notFound={isNotFound(deal.error)} onRetry={() => void deal.refetch()} />;
  }
  return children(deal.data, session.user);
}

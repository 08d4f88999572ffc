import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordRecentPage } from '@/lib/recent-pages';
import { useSession } from '@/lib/session/session-context';

export interface RouteHandle {
  recent?: boolean;
}

/**
 * Sets the document title to `<page> | DealClub` and, on the pages the route table marks, records
 * the visit in the user's recent pages.
 */
export function usePageTitle(page: string) {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const session = useSession();
  const isRecent = Boolean((matches.at(-1)?.handle as RouteHandle | undefined)?.recent);
  const url = `${location.pathname}${location.search}`;

  useEffect(() => {
    document.title = t('app.title', { page });
  }, [page, t]);

  useEffect(() => {
    if (isRecent) recordRecentPage(session.user?.userId, { title: page, url });
  }, [isRecent, page, url, session.user?.userId]);
}

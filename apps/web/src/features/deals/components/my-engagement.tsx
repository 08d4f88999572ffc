import { Home } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { cardAddress, placeOf } from '@/lib/address';
import type { Card } from '@/lib/deals';
import { useMyInterests, useMyOffers, type Page } from '../api/offers';
import { BrowseEmpty } from './browse-results';
import { InterestSent } from './interest-panel';
import { LoadMore } from '@/components/ui/load-more';
import { formatMoney } from '@/lib/format';
import { OfferStatusBadge } from '@/components/deals/offer-status-badge';
import { OfferTerms } from './offer-terms';
import { QuotedMessage } from './quoted-message';
import { StatusBadge } from '@/components/deals/status-badge';

/** "My interests" (`/deals?view=interests`): each deal I wrote to, with my message and its dates. */
export function MyInterests() {
  const { t } = useTranslation();
  const list = useMyInterests();
  return (
    <EngagementList
      list={list}
      heading={(count) => t('myOffers.interestsCount', { count })}
      failure={t('myOffers.interestsFailed')}
      emptyTitle={t('myOffers.interestsEmpty')}
      emptyHint={t('myOffers.interestsEmptyHint')}
      testId="my-interest-item"
    >
      {(interest) => (
        <>
          <InterestSent interest={interest} className="text-sm text-slate-700" />
          <QuotedMessage text={interest.message} label={t('myOffers.yourMessage')} compact />
        </>
      )}
    </EngagementList>
  );
}

/** "My offers" (`/deals?view=offers`): each offer with its deal, terms and state. */
export function MyOffers() {
  const { t } = useTranslation();
  const list = useMyOffers();
  return (
    <EngagementList
      list={list}
      heading={(count) => t('offers.offerCount', { count })}
      failure={t('myOffers.offersFailed')}
      emptyTitle={t('myOffers.offersEmpty')}
      emptyHint={t('myOffers.offersEmptyHint')}
      testId="my-offer-item"
    >
      {(offer) => (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {t('offers.mine.state')} <OfferStatusBadge status={offer.status} />
          </p>
          <OfferTerms offer={offer} layout="columns" />
          {offer.message && <QuotedMessage text={offer.message} label={t('myOffers.yourMessage')} compact />}
        </>
      )}
    </EngagementList>
  );
}

/** What the list needs of its infinite query (`useMyInterests`, `useMyOffers`). */
interface PagedList<T> {
  data?: { pages: Page<T>[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** A buyer's list of deals they engaged with: its count, the cards, "Load more", empty and failed states. */
function EngagementList<T extends { id: string; deal: Card }>({
  list,
  heading,
  failure,
  emptyTitle,
  emptyHint,
  testId,
  children,
}: {
  list: PagedList<T>;
  heading: (total: number) => string;
  failure: string;
  emptyTitle: string;
  emptyHint: string;
  testId: string;
  /** What the buyer did on the item's deal. */
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  return (
    <section aria-labelledby={headingId} aria-busy={list.isPending} className="grid content-start gap-4">
      <h2 id={headingId} aria-live="polite" className="text-lg font-semibold">
        {list.isPending ? t('app.loading') : heading(total)}
      </h2>
      {list.isPending ? null : list.isError && items.length === 0 ? (
        <LoadFailed message={failure} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <BrowseEmpty title={emptyTitle} hint={emptyHint} />
      ) : (
        <>
          <ul className="grid gap-4">
            {items.map((item) => (
              <EngagementItem key={item.id} deal={item.deal} testId={testId}>
                {children(item)}
              </EngagementItem>
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            total={total}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

/** One row: the deal (cover, status, address or 'Address undisclosed', place, price) and what I did. */
function EngagementItem({ deal, testId, children }: { deal: Card; testId: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid={testId}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[16rem_minmax(0,1fr)]"
      >
        <div className="flex min-w-0 gap-3">
          {deal.coverPhotoUrl ? (
            <img
              src={deal.coverPhotoUrl}
              alt=""
              loading="lazy"
              className="size-20 shrink-0 rounded-md object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="grid size-20 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-400"
            >
              <Home className="size-8" />
            </span>
          )}
          <div className="grid min-w-0 content-start gap-1">
            <StatusBadge status={deal.status} className="justify-self-start" />
            <h3 id={headingId} className="leading-snug font-semibold">
              <Link
                to={`/deals/${deal.id}`}
                state={{ from: `${location.pathname}${location.search}` }}
                className="hover:underline"
              >
                <span className="block break-words">{cardAddress(t, deal)}</span>
                <span className="block text-sm font-normal text-slate-600">{placeOf(t, deal)}</span>
              </Link>
            </h3>
            <p className="font-bold text-ink">
              <span className="sr-only">{t('dealsBrowse.cardPrice')} </span>
              {formatMoney(deal.purchasePrice, i18n.language)}
            </p>
          </div>
        </div>
        <div className="grid min-w-0 content-start gap-3">{children}</div>
      </article>
    </li>
  );
}

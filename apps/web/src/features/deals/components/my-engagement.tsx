import { Home } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Card } from '../api/deals';
import { useMyInterests, useMyOffers, type MyInterest, type MyOffer } from '../api/offers';
import { BrowseEmpty } from './browse-results';
import { cardAddress, placeOf } from './deal-card';
import { LoadFailed, LoadMore } from './list-parts';
import { formatDay, formatMoney } from './money';
import { OfferStatusBadge } from './offer-status-badge';
import { StatusBadge } from './status-badge';

/** "My interests" (`/deals?view=interests`): each deal I wrote to, with my message and its date. */
export function MyInterests() {
  const { t, i18n } = useTranslation();
  const list = useMyInterests();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  return (
    <EngagementList
      heading={list.isPending ? t('app.loading') : t('myOffers.interestsCount', { count: total })}
      pending={list.isPending}
      failed={list.isError && items.length === 0}
      failure={t('myOffers.interestsFailed')}
      empty={items.length === 0}
      emptyTitle={t('myOffers.interestsEmpty')}
      emptyHint={t('myOffers.interestsEmptyHint')}
      onRetry={() => void list.refetch()}
      more={
        <LoadMore
          shown={items.length}
          total={total}
          hasMore={Boolean(list.hasNextPage)}
          loading={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      }
    >
      {items.map((interest: MyInterest) => (
        <EngagementItem key={interest.id} deal={interest.deal} testId="my-interest-item">
          <p className="text-sm text-slate-700">
            {t('offers.interest.sentOn', { date: formatDay(interest.createdAt, i18n.language) })}
          </p>
          <Message text={interest.message} label={t('myOffers.yourMessage')} />
        </EngagementItem>
      ))}
    </EngagementList>
  );
}

/** "My offers" (`/deals?view=offers`): each offer with its deal, figures and state. */
export function MyOffers() {
  const { t, i18n } = useTranslation();
  const list = useMyOffers();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const lang = i18n.language;
  return (
    <EngagementList
      heading={list.isPending ? t('app.loading') : t('offers.offerCount', { count: total })}
      pending={list.isPending}
      failed={list.isError && items.length === 0}
      failure={t('myOffers.offersFailed')}
      empty={items.length === 0}
      emptyTitle={t('myOffers.offersEmpty')}
      emptyHint={t('myOffers.offersEmptyHint')}
      onRetry={() => void list.refetch()}
      more={
        <LoadMore
          shown={items.length}
          total={total}
          hasMore={Boolean(list.hasNextPage)}
          loading={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      }
    >
      {items.map((offer: MyOffer) => {
        const amount = offer.type === 'cash' ? offer.purchasePrice : offer.entryFee;
        const figures: [string, string][] = [
          [t('offers.mine.type'), t(`offers.type.${offer.type}`)],
          [
            offer.type === 'cash' ? t('offers.form.purchasePrice') : t('offers.form.entryFee'),
            amount === null ? '—' : formatMoney(amount, lang),
          ],
          [t('offers.mine.closeDate'), formatDay(offer.estimatedCloseDate, lang)],
          [t('offers.mine.submitted'), formatDay(offer.createdAt, lang)],
        ];
        return (
          <EngagementItem key={offer.id} deal={offer.deal} testId="my-offer-item">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {t('offers.mine.state')} <OfferStatusBadge status={offer.status} />
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              {figures.map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="font-semibold text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            {offer.message && <Message text={offer.message} label={t('myOffers.yourMessage')} />}
          </EngagementItem>
        );
      })}
    </EngagementList>
  );
}

function EngagementList({
  heading,
  pending,
  failed,
  failure,
  empty,
  emptyTitle,
  emptyHint,
  onRetry,
  more,
  children,
}: {
  heading: string;
  pending: boolean;
  failed: boolean;
  failure: string;
  empty: boolean;
  emptyTitle: string;
  emptyHint: string;
  onRetry: () => void;
  more: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={pending} className="grid content-start gap-4">
      <h2 id={headingId} aria-live="polite" className="text-lg font-semibold">
        {heading}
      </h2>
      {pending ? null : failed ? (
        <LoadFailed message={failure} onRetry={onRetry} />
      ) : empty ? (
        <BrowseEmpty title={emptyTitle} hint={emptyHint} />
      ) : (
        <>
          <ul className="grid gap-4">{children}</ul>
          {more}
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

function Message({ text, label }: { text: string; label: string }) {
  return (
    <figure className="grid gap-1">
      <figcaption className="text-xs text-slate-600">{label}</figcaption>
      <blockquote className="rounded-md border-l-4 border-brand-100 bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-800">
        {text}
      </blockquote>
    </figure>
  );
}

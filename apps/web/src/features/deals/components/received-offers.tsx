import { ArrowDown, ArrowUp, ArrowUpDown, BadgeCheck, Check, Handshake } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFERABLE_STATUSES, type OfferSort } from '@dealclub/shared/offer-rules';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatDay } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import type { OfferScope, ReceivedOffer, useReceivedOffers } from '../api/deal-offers';
import { AcceptOfferDialog } from './accept-offer-dialog';
import { BuyerName, buyerName, DateTime } from './buyer-cells';
import { CounterCell } from './counter-cell';
import { CsvDownloadButton } from './csv-download-button';
import { LoadMore } from '@/components/ui/load-more';
import { formatMoney, formatRate } from '@/lib/format';
import { NotProvided } from '@/components/ui/not-provided';
import { OfferStatusBadge } from '@/components/deals/offer-status-badge';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** How each server order reads on its column (`aria-sort`) and which way its arrow points. */
const SORT_DIRECTION: Record<OfferSort, 'ascending' | 'descending' | 'other'> = {
  newest: 'descending',
  'cash-desc': 'descending',
  'effective-desc': 'descending',
  'close-asc': 'ascending',
  certified: 'other',
};

const cell = 'px-3 py-3 align-top';

/**
 * The offer comparison table of `/deals/:id/offers`: every offer normalised (cash to seller, its
 * share of the asking price or entry fee, days to close), ordered by the server when a column
 * header is clicked, "Load more" for the next page, and "Accept" on each open offer while the deal
 * takes offers.
 */
export function ReceivedOffers({
  dealId,
  offers,
  sort,
  scope,
  onSort,
  onScope,
}: {
  dealId: string;
  offers: ReturnType<typeof useReceivedOffers>;
  sort: OfferSort;
  scope: OfferScope;
  onSort: (sort: OfferSort) => void;
  onScope: (scope: OfferScope) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const scopeId = useId();
  const items = offers.data?.pages.flatMap((page) => page.items) ?? [];
  const last = offers.data?.pages.at(-1);
  const total = last?.total ?? 0;
  const deal = last?.deal;
  const canAccept = Boolean(deal && OFFERABLE_STATUSES.includes(deal.status) && !deal.acceptedOfferId);
  const busy = offers.isPlaceholderData;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-2xl font-semibold">
            {t('dealOffers.offers.title')}
          </h2>
          {!offers.isPending && !offers.isError && (
            <p className="text-slate-700" aria-live="polite">
              {t('offers.offerCount', { count: total })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={scopeId} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              id={scopeId}
              type="checkbox"
              checked={scope === 'all'}
              onChange={(event) => onScope(event.target.checked ? 'all' : 'current')}
              className="size-4 accent-brand-700"
            />
            {t('dealOffers.offers.showAll')}
          </label>
          <CsvDownloadButton dealId={dealId} kind="offers" scope={scope} />
        </div>
      </div>

      {offers.isPending ? (
        <p className="text-slate-600">{t('app.loading')}</p>
      ) : offers.isError && items.length === 0 ? (
        <LoadFailed message={t('dealOffers.offers.loadFailed')} onRetry={() => void offers.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {t('dealOffers.offers.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('dealOffers.effectiveHint')}</p>
          <ScrollRegion
            label={t('dealOffers.table')}
            busy={busy}
            className={`rounded-xl border border-slate-200 bg-white transition-opacity ${busy ? 'opacity-60' : ''}`}
          >
            <table className="w-full min-w-[72rem] text-left text-sm">
              <caption className="sr-only">
                {t('dealOffers.offers.caption', { order: t(`dealOffers.sorts.${sort}`) })}
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <SortHeader sort="certified" current={sort} onSort={onSort}>
                    {t('dealOffers.columns.buyer')}
                  </SortHeader>
                  <Header>{t('dealOffers.columns.state')}</Header>
                  <Header>{t('dealOffers.columns.type')}</Header>
                  <SortHeader sort="effective-desc" current={sort} onSort={onSort}>
                    {t('dealOffers.columns.effectivePrice')}
                  </SortHeader>
                  <SortHeader sort="cash-desc" current={sort} onSort={onSort}>
                    {t('dealOffers.columns.cashToSeller')}
                  </SortHeader>
                  <Header>{t('dealOffers.columns.ofAsking')}</Header>
                  <SortHeader sort="close-asc" current={sort} onSort={onSort}>
                    {t('dealOffers.columns.closeDate')}
                  </SortHeader>
                  <Header>{t('dealOffers.columns.daysToClose')}</Header>
                  <SortHeader sort="newest" current={sort} onSort={onSort}>
                    {t('dealOffers.columns.submitted')}
                  </SortHeader>
                  <Header>{t('dealOffers.columns.risks')}</Header>
                  <Header>{t('dealOffers.columns.message')}</Header>
                </tr>
              </thead>
              <tbody>
                {items.map((offer) => (
                  <OfferRow key={offer.id} dealId={dealId} offer={offer} canAccept={canAccept} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {offers.isError && (
            <LoadFailed message={t('dealOffers.offers.loadFailed')} onRetry={() => void offers.refetch()} />
          )}
          <LoadMore
            shown={items.length}
            total={total}
            hasMore={Boolean(offers.hasNextPage)}
            loading={offers.isFetchingNextPage}
            onMore={() => void offers.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function Header({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-3 py-3 font-semibold whitespace-nowrap">
      {children}
    </th>
  );
}

/** A column header that orders the table by the server's `sort`; `aria-sort` says which is in use. */
function SortHeader({
  sort,
  current,
  onSort,
  children,
}: {
  sort: OfferSort;
  current: OfferSort;
  onSort: (sort: OfferSort) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = sort === current;
  const direction = SORT_DIRECTION[sort];
  const Arrow = !active ? ArrowUpDown : direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? direction : 'none'} className="px-1 py-1 font-semibold">
      <button
        type="button"
        onClick={() => onSort(sort)}
        title={t(`dealOffers.sorts.${sort}`)}
        className={`inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-left whitespace-nowrap hover:bg-slate-100 ${
          active ? 'text-brand-800' : ''
        }`}
      >
        {children}
        <Arrow aria-hidden className={`size-4 ${active ? '' : 'text-slate-400'}`} />
      </button>
    </th>
  );
}

function OfferRow({
  dealId,
  offer,
  canAccept,
}: {
  dealId: string;
  offer: ReceivedOffer;
  canAccept: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { figures } = offer;
  // Accepting removes the Accept button (and its dialog): the focus goes on to the closing room's
  // link of the offer, which takes its place, rather than to the page's body.
  const [accepted, setAccepted] = useState(false);
  const roomLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (accepted && offer.status === 'accepted') roomLink.current?.focus();
  }, [accepted, offer.status]);
  const ofAsking =
    figures.priceOfAsking !== null ? (
      t('dealOffers.ofAskingPrice', { percent: formatRate(figures.priceOfAsking, lang) })
    ) : figures.entryFeeOfAsking !== null ? (
      t('dealOffers.ofAskingEntryFee', { percent: formatRate(figures.entryFeeOfAsking, lang) })
    ) : (
      <NotProvided />
    );
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid="offer-row">
      <th scope="row" className={`${cell} font-normal`}>
        <BuyerName buyer={offer.buyer} />
      </th>
      <td className={cell}>
        {/* The state and, while it can be taken, the Accept action: near the buyer, never scrolled away. */}
        <div className="grid justify-items-start gap-2">
          <OfferStatusBadge status={offer.status} />
          {canAccept && offer.status === 'open' && (
            <AcceptOfferDialog
              dealId={dealId}
              offer={offer}
              onAccepted={() => setAccepted(true)}
              trigger={
                <button
                  type="button"
                  aria-label={t('dealOffers.accept.actionOf', { name: buyerName(offer.buyer) })}
                  className="inline-flex h-11 items-center gap-1 rounded-md bg-brand-700 px-3 font-semibold whitespace-nowrap text-white hover:bg-brand-800"
                >
                  <BadgeCheck aria-hidden className="size-4" />
                  {t('dealOffers.accept.action')}
                </button>
              }
            />
          )}
          <CounterCell offer={offer} canCounter={canAccept} />
          {(offer.status === 'accepted' || offer.status === 'closed') && (
            <Link
              ref={roomLink}
              to={`/deals/${dealId}/closing`}
              aria-label={t('dealOffers.closingRoomOf', { name: buyerName(offer.buyer) })}
              data-testid="closing-room-link"
              className="inline-flex h-11 items-center gap-1 rounded-md border border-brand-700 px-3 font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50"
            >
              <Handshake aria-hidden className="size-4" />
              {t('dealOffers.closingRoom')}
            </Link>
          )}
        </div>
      </td>
      <td className={cell}>{t(`offers.type.${offer.type}`)}</td>
      <td className={`${cell} whitespace-nowrap`} data-testid="effective-price">
        <span className="font-semibold">{formatMoney(figures.effectivePrice, lang)}</span>
        {figures.sellerFinanced !== null && (
          <span className="block text-xs text-slate-600">
            {t('dealOffers.sellerFinanced', { amount: formatMoney(figures.sellerFinanced, lang) })}
          </span>
        )}
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap`}>{formatMoney(figures.cashToSeller, lang)}</td>
      <td className={`${cell} whitespace-nowrap`}>{ofAsking}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatDay(offer.estimatedCloseDate, lang)}</td>
      <td className={`${cell} whitespace-nowrap`}>{t('dealOffers.days', { count: figures.daysToClose })}</td>
      <td className={cell}>
        <DateTime value={offer.createdAt} language={lang} />
      </td>
      <td className={`${cell} min-w-40`} data-testid="acknowledged-risks">
        <AcknowledgedRisks keys={offer.acknowledgedRisks ?? []} />
      </td>
      <td className={`${cell} max-w-xs min-w-40 break-words whitespace-pre-line text-slate-800`}>
        {offer.message || <NotProvided />}
      </td>
    </tr>
  );
}

/** The deal's disclosures the buyer acknowledged with the offer, by their titles. */
function AcknowledgedRisks({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return <span className="text-slate-600">{t('dealOffers.risksNone')}</span>;
  return <RiskTitles keys={keys} />;
}

/** The disclosures' titles: their texts (the deal page's trust section) load only when shown. */
function RiskTitles({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  const ready = useLocaleSection('trust');
  if (!ready) return null;
  return (
    <ul className="grid gap-1">
      {keys.map((key) => (
        <li key={key} className="flex items-start gap-1">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {t(`disclosures.${key}.title`)}
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchParamsChange } from '@/hooks/use-search-params-change';
import { canChangeStatus, DEAL_STATUSES, type DealStatus } from '@dealclub/shared/deal-rules';
import { isSellerSide } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { useSession } from '@/lib/session/session-context';
import { useMyDeals, type MyDealCard, type StatusCounts } from '../api/deal-mutations';
import { labelOf } from './form-labels';
import { formatMoney } from '@/lib/format';
import { DeleteDialog } from './manage-delete-dialog';
import { StatusBadge } from '@/components/deals/status-badge';
import { StatusDialog } from './status-dialog';
import { ScrollRegion } from '@/components/ui/scroll-region';

type Filter = DealStatus | 'all';

const isFilter = (value: string | null): value is Filter =>
  value === 'all' || (DEAL_STATUSES as readonly string[]).includes(value ?? '');

/** The address of a row: street (and unit), then city, state and ZIP. */
export function addressLines(deal: MyDealCard): [string, string] {
  const street = [deal.streetAddress, deal.unit].filter(Boolean).join(', ');
  const place = `${deal.city}, ${deal.state} ${deal.zipCode}`;
  return [street || place, street ? place : ''];
}

/** The "All" count: every status but deleted. */
export const allCount = (counts: StatusCounts) =>
  DEAL_STATUSES.filter((s) => s !== 'deleted').reduce((sum, s) => sum + (counts[s] ?? 0), 0);

/**
 * "Manage my listings" (`/deals?view=mine`): my deals by status with the counts, each with view,
 * its offers and interested buyers, edit, change status (the status dialog with the history) and
 * delete (with a confirmation).
 */
export function ManageListings() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, change] = useSearchParamsChange();
  const requested = params.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'all';
  const allowed = session.status === 'authenticated' && isSellerSide(session.user.roles);

  if (session.status === 'loading') return <PageFallback />;
  if (!allowed) return <FormAlert tone="info">{t('dealManage.notAllowed')}</FormAlert>;

  const choose = (next: Filter) =>
    change(
      (copy) => {
        if (next === 'all') copy.delete('status');
        else copy.set('status', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="manage-listings-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="manage-listings-title" className="text-2xl font-semibold">
            {t('dealManage.title')}
          </h2>
          <p className="text-slate-700">{t('dealManage.lead')}</p>
        </div>
      </div>
      <ListingsOf filter={filter} onFilter={choose} />
    </section>
  );
}

function ListingsOf({ filter, onFilter }: { filter: Filter; onFilter: (f: Filter) => void }) {
  const { t, i18n } = useTranslation();
  const mine = useMyDeals(filter);
  const shown = mine.data?.pages[0]?.counts ?? null;
  const items = mine.data?.pages.flatMap((p) => p.items) ?? [];
  const filters: Filter[] = ['all', ...DEAL_STATUSES];

  return (
    <>
      <nav aria-label={t('dealManage.filterLabel')}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => {
            const label = f === 'all' ? t('dealManage.all') : labelOf(t, 'status', f);
            const count = shown ? (f === 'all' ? allCount(shown) : (shown[f] ?? 0)) : null;
            return (
              <li key={f}>
                <button
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => onFilter(f)}
                  className={`inline-flex h-11 items-center gap-2 rounded-full border px-4 font-medium ${
                    filter === f
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                  }`}
                >
                  {count === null ? label : t('dealManage.filterCount', { label, count })}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      {mine.isPending ? (
        <PageFallback />
      ) : mine.isError ? (
        <FormAlert>{t('dealManage.loadFailed')}</FormAlert>
      ) : items.length === 0 ? (
        <div className="grid gap-3 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-700">
            {filter === 'all'
              ? t('dealManage.emptyAll')
              : t('dealManage.empty', { status: labelOf(t, 'status', filter) })}
          </p>
          {filter === 'all' && (
            <p>
              <Link to="/deals/new" className="font-semibold text-brand-800 underline">
                {t('dealManage.create')}
              </Link>
            </p>
          )}
        </div>
      ) : (
        <ScrollRegion
          label={t('dealManage.table')}
          busy={mine.isPlaceholderData}
          className={`rounded-xl border border-slate-200 bg-white ${mine.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">
              {t('dealManage.caption', {
                status: filter === 'all' ? t('dealManage.all') : labelOf(t, 'status', filter),
              })}
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('dealManage.columns.address')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('dealManage.columns.price')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('dealManage.columns.status')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('dealManage.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((deal) => (
                <ListingRow
                  key={deal.id}
                  deal={deal}
                  price={formatMoney(deal.purchasePrice, i18n.language)}
                />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      {mine.hasNextPage && (
        <div>
          <button
            type="button"
            disabled={mine.isFetchingNextPage}
            onClick={() => void mine.fetchNextPage()}
            className="h-11 rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            {mine.isFetchingNextPage ? t('app.loading') : t('dealManage.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}

const action =
  'inline-flex h-11 items-center rounded-md px-3 font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-100';

function ListingRow({ deal, price }: { deal: MyDealCard; price: string }) {
  const { t } = useTranslation();
  const [street, place] = addressLines(deal);
  const address = [street, place].filter(Boolean).join(', ');
  const deleted = deal.status === 'deleted';
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <th scope="row" className="px-4 py-3 align-top font-normal">
        <div className="flex items-start gap-3">
          {deal.coverPhotoUrl ? (
            <img src={deal.coverPhotoUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
          ) : (
            <span aria-hidden className="size-12 shrink-0 rounded bg-slate-100" />
          )}
          <span className="grid">
            <span className="font-medium text-ink">{street}</span>
            {place && <span className="text-slate-600">{place}</span>}
          </span>
        </div>
      </th>
      <td className="px-4 py-3 align-top font-medium">{price}</td>
      <td className="px-4 py-3 align-top">
        <StatusBadge status={deal.status} />
      </td>
      <td className="px-4 py-2 align-top">
        <div className="flex flex-wrap gap-1">
          {!deleted && (
            <Link
              to={`/deals/${deal.id}`}
              aria-label={t('dealManage.viewOf', { address: street })}
              className={`${action} text-brand-800`}
            >
              {t('dealManage.view')}
            </Link>
          )}
          {!deleted && (
            <Link
              to={`/deals/${deal.id}/offers`}
              aria-label={t('dealManage.offersOf', { address: street })}
              className={`${action} text-brand-800`}
            >
              {t('dealManage.offers')}
            </Link>
          )}
          {!deleted && (
            <Link
              to={`/deals/${deal.id}/analytics`}
              aria-label={t('analytics.deal.linkOf', { address: street })}
              className={`${action} text-brand-800`}
            >
              {t('analytics.deal.link')}
            </Link>
          )}
          {!deleted && (
            <Link
              to={`/deals/${deal.id}/edit`}
              aria-label={t('dealManage.editOf', { address: street })}
              className={`${action} text-brand-800`}
            >
              {t('dealManage.edit')}
            </Link>
          )}
          {!deleted && (
            <StatusDialog
              dealId={deal.id}
              address={address}
              status={deal.status}
              trigger={
                <button
                  type="button"
                  aria-label={t('dealManage.changeStatusOf', { address: street })}
                  className={action}
                >
                  {t('dealManage.changeStatus')}
                </button>
              }
            />
          )}
          {canChangeStatus(deal.status, 'deleted') && (
            <DeleteDialog
              dealId={deal.id}
              address={address}
              trigger={
                <button
                  type="button"
                  aria-label={t('dealManage.deleteOf', { address: street })}
                  className={`${action} text-red-800 hover:bg-red-50`}
                >
                  {t('dealManage.delete.action')}
                </button>
              }
            />
          )}
        </div>
      </td>
    </tr>
  );
}

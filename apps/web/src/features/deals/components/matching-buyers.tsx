import { MessageSquare, Users } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PartBoundary, retryableLazy } from '@/components/ui/confirm-dialog';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { CertifiedBadge } from '@/components/ui/certified-badge';
import { LoadFailed } from '@/components/ui/load-failed';
import { useLocaleSection } from '@/lib/i18n';
import { useMatchingBuyers } from '../api/matching';

// The message form opens on a press of "Write": its code (with the deal page's other parts) comes
// then, not with the analytics and offers screens that show this panel (issue 32's script budget).
// If it cannot be downloaded, a toast says so, the row closes, and the next press asks for it again.
const MessageSellerForm = retryableLazy(async () => ({
  default: (await import('./message-seller-form')).MessageSellerForm,
}));

/**
 * The buyers a deal fits, for its originator (issue 13): how many, how many are certified (the
 * priority buyers of an exclusive deal), and the best of them with their score and a way to write
 * to them.
 */
export function MatchingBuyers({ dealId, exclusive }: { dealId: string; exclusive: boolean }) {
  const { t } = useTranslation();
  const ready = useLocaleSection('matchingBuyers');
  const headingId = useId();
  const buyers = useMatchingBuyers(dealId);
  const [writing, setWriting] = useState<string | null>(null);
  if (!ready) return null;
  // The counts are of every matching buyer, on each page alike; the rows add up page by page.
  const counts = buyers.data?.pages[0];
  const items = buyers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Users aria-hidden className="size-5 text-brand-700" />
        {t('matchingBuyers.title')}
      </h2>
      {buyers.isPending ? (
        <p className="text-slate-600">{t('app.loading')}</p>
      ) : buyers.isError && !counts ? (
        <LoadFailed message={t('matchingBuyers.loadFailed')} onRetry={() => void buyers.refetch()} />
      ) : (
        <>
          <p className="text-slate-800" data-testid="matching-count">
            {t('matchingBuyers.count', { count: counts?.count ?? 0 })}{' '}
            {t('matchingBuyers.certified', { count: counts?.certifiedCount ?? 0 })}
          </p>
          {exclusive && (
            <p className="text-sm text-slate-700">
              {t('matchingBuyers.priority', { count: counts?.certifiedCount ?? 0 })}
            </p>
          )}
          {items.length === 0 ? (
            <p className="text-slate-600">{t('matchingBuyers.empty')}</p>
          ) : (
            <ScrollRegion label={t('matchingBuyers.table')}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('matchingBuyers.table')}</caption>
                <thead className="text-slate-700">
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-2 font-semibold">
                      {t('matchingBuyers.name')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold">
                      {t('matchingBuyers.score')}
                    </th>
                    <th scope="col" className="py-2 pl-2">
                      <span className="sr-only">{t('matchingBuyers.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map(({ buyer, score, certified }) => {
                    const name = `${buyer.firstName} ${buyer.lastName}`.trim();
                    return (
                      <tr
                        key={buyer.id}
                        className="border-b border-slate-100 last:border-0"
                        data-testid="matching-buyer"
                      >
                        <th scope="row" className="py-2 pr-2 font-normal">
                          <span className="flex flex-wrap items-center gap-2">
                            {name}
                            {certified && <CertifiedBadge />}
                          </span>
                          {writing === buyer.id && (
                            <div className="mt-2">
                              <PartBoundary
                                onFailed={() => {
                                  MessageSellerForm.retry();
                                  setWriting(null);
                                }}
                              >
                                <Suspense fallback={<p className="text-slate-600">{t('app.loading')}</p>}>
                                  <MessageSellerForm dealId={dealId} buyer={{ id: buyer.id, name }} />
                                </Suspense>
                              </PartBoundary>
                            </div>
                          )}
                        </th>
                        <td className="px-2 py-2 text-right align-top whitespace-nowrap">{score}%</td>
                        <td className="py-2 pl-2 text-right align-top">
                          <button
                            type="button"
                            onClick={() => setWriting(writing === buyer.id ? null : buyer.id)}
                            aria-expanded={writing === buyer.id}
                            aria-label={t('matchingBuyers.message', { name })}
                            className="inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 px-2 font-medium hover:bg-slate-50"
                          >
                            <MessageSquare aria-hidden className="size-4" />
                            {t('matchingBuyers.write')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {buyers.hasNextPage && (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => void buyers.fetchNextPage()}
                disabled={buyers.isFetchingNextPage}
                className="h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-50 disabled:opacity-70"
              >
                {buyers.isFetchingNextPage ? t('matchingBuyers.loadingMore') : t('matchingBuyers.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

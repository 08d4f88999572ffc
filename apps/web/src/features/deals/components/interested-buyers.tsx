import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/load-failed';
import type { useInterestedBuyers, ReceivedInterest } from '../api/deal-offers';
import { BuyerName, DateTime, PhoneLink } from './buyer-cells';
import { CsvDownloadButton } from './csv-download-button';
import { LoadMore } from '@/components/ui/load-more';
import { ScrollRegion } from '@/components/ui/scroll-region';

const cell = 'px-3 py-3 align-top';

/**
 * The interested buyers of a deal (core §2): name, e-mail, phone, message and time, newest first,
 * with the CSV export.
 */
export function InterestedBuyers({
  dealId,
  interests,
}: {
  dealId: string;
  /** `useInterestedBuyers(dealId)`, asked for by the page beside the offers. */
  interests: ReturnType<typeof useInterestedBuyers>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const items = interests.data?.pages.flatMap((page) => page.items) ?? [];
  const total = interests.data?.pages.at(-1)?.total ?? 0;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-2xl font-semibold">
            {t('dealOffers.interests.title')}
          </h2>
          {!interests.isPending && !interests.isError && (
            <p className="text-slate-700">{t('offers.interestedCount', { count: total })}</p>
          )}
        </div>
        <CsvDownloadButton dealId={dealId} kind="interests" />
      </div>

      {interests.isPending ? (
        <p className="text-slate-600">{t('app.loading')}</p>
      ) : interests.isError && items.length === 0 ? (
        <LoadFailed message={t('dealOffers.interests.loadFailed')} onRetry={() => void interests.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {t('dealOffers.interests.empty')}
        </p>
      ) : (
        <>
          <ScrollRegion
            label={t('dealOffers.interests.table')}
            className="rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">{t('dealOffers.interests.caption')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {(['name', 'email', 'phone', 'message', 'time'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-3 font-semibold whitespace-nowrap">
                      {t(`dealOffers.interests.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((interest) => (
                  <InterestRow key={interest.id} interest={interest} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {interests.isError && (
            <LoadFailed
              message={t('dealOffers.interests.loadFailed')}
              onRetry={() => void interests.refetch()}
            />
          )}
          <LoadMore
            shown={items.length}
            total={total}
            hasMore={Boolean(interests.hasNextPage)}
            loading={interests.isFetchingNextPage}
            onMore={() => void interests.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function InterestRow({ interest }: { interest: ReceivedInterest }) {
  const { i18n } = useTranslation();
  const { buyer } = interest;
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid="interest-row">
      <th scope="row" className={`${cell} font-normal`}>
        <BuyerName buyer={buyer} />
      </th>
      <td className={cell}>
        <a href={`mailto:${buyer.email}`} className="break-all text-brand-800 underline">
          {buyer.email}
        </a>
      </td>
      <td className={cell}>
        <PhoneLink phone={buyer.phoneNumber} />
      </td>
      <td className={`${cell} max-w-md min-w-56 break-words whitespace-pre-line text-slate-800`}>
        {interest.message}
      </td>
      <td className={cell}>
        <DateTime value={interest.updatedAt} language={i18n.language} />
      </td>
    </tr>
  );
}

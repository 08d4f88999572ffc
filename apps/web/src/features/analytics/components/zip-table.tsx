import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyerRegion, BuyerZip } from '@dealclub/shared/analytics';
import { PlaceTable, ZipButton } from '@/components/maps/place-table';
import { formatMoney, formatNumber } from '@/lib/format';

/** What a ZIP code and a region both have: their buyers and the averages of their payments. */
type BuyerFigures = Pick<BuyerZip, 'buyerCount' | 'averageDownPayment' | 'averageMonthlyPayment'>;

/** Rows with most buyers first, then by their place's name. */
function mostBuyersFirst<Row extends BuyerFigures>(rows: readonly Row[], name: (row: Row) => string) {
  return [...rows].sort((a, b) => b.buyerCount - a.buyerCount || name(a).localeCompare(name(b)));
}

/** The columns of buyers, average down and average monthly payment, in both tables. */
function useBuyerFigureColumns() {
  const { t, i18n } = useTranslation();
  const money = (v: number | null) =>
    v === null ? t('analyticsScreens.buyerMap.notGiven') : formatMoney(v, i18n.language);
  return [
    {
      label: t('analyticsScreens.buyerMap.buyers'),
      numeric: true,
      cell: (row: BuyerFigures) => formatNumber(row.buyerCount, i18n.language),
    },
    {
      label: t('analyticsScreens.buyerMap.averageDown'),
      numeric: true,
      cell: (row: BuyerFigures) => money(row.averageDownPayment),
    },
    {
      label: t('analyticsScreens.buyerMap.averageMonthly'),
      numeric: true,
      cell: (row: BuyerFigures) => money(row.averageMonthlyPayment),
    },
  ];
}

/**
 * The buyer map as a table (keyboard and screen-reader users get the same data): ZIP codes with
 * most buyers first, 50 at a time; a ZIP's button filters the buyer list as a click on the map does.
 */
export function ZipTable({
  zips,
  selected,
  onSelect,
}: {
  zips: readonly BuyerZip[];
  selected: string | null;
  onSelect: (zip: string) => void;
}) {
  const { t } = useTranslation();
  const figures = useBuyerFigureColumns();
  const sorted = useMemo(() => mostBuyersFirst(zips, (zip) => zip.zipCode), [zips]);
  return (
    <PlaceTable
      caption={t('analyticsScreens.buyerMap.tableCaption')}
      testId="zip-table"
      rows={sorted}
      rowKey={(zip) => zip.zipCode}
      place={{
        label: t('analyticsScreens.buyerMap.zipCode'),
        button: true,
        cell: (zip) => (
          <ZipButton
            zipCode={zip.zipCode}
            pressed={selected === zip.zipCode}
            onPress={() => onSelect(zip.zipCode)}
          />
        ),
      }}
      columns={figures}
      page={{
        size: 50,
        moreLabel: (shown, count) => t('analyticsScreens.buyerMap.showMoreZips', { shown, count }),
      }}
    />
  );
}

/**
 * The regions of a map sent by region (the ZIP codes sharing their first three digits) as a table,
 * most buyers first: a region's button opens it, as a click on its point does.
 */
export function RegionTable({
  regions,
  onOpen,
}: {
  regions: readonly BuyerRegion[];
  onOpen: (region: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const figures = useBuyerFigureColumns();
  const sorted = useMemo(() => mostBuyersFirst(regions, (region) => region.region), [regions]);
  return (
    <PlaceTable
      caption={t('analyticsScreens.buyerMap.regionTableCaption')}
      testId="region-table"
      rows={sorted}
      rowKey={(region) => region.region}
      place={{
        label: t('analyticsScreens.buyerMap.region'),
        button: true,
        cell: (region) => (
          <ZipButton
            zipCode={t('analyticsScreens.buyerMap.regionName', { region: region.region })}
            label={t('analyticsScreens.buyerMap.openRegion', { region: region.region })}
            onPress={() => onOpen(region.region)}
          />
        ),
      }}
      columns={[
        {
          label: t('analyticsScreens.buyerMap.zipCodes'),
          numeric: true,
          cell: (region) => formatNumber(region.zipCount, i18n.language),
        },
        ...figures,
      ]}
      page={{
        size: 50,
        moreLabel: (shown, count) => t('analyticsScreens.buyerMap.showMoreRegions', { shown, count }),
      }}
    />
  );
}

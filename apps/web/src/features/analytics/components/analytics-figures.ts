/**
 * Pure helpers of the deal analytics screen: the funnel's conversion at each step and the short day
 * labels of the daily figures. Kept apart from the components so they are tested on their own.
 */
import type { DealAnalytics } from '@dealclub/shared/analytics';
import { dateFormat, numberFormat } from '@dealclub/shared/format';

export const FUNNEL_STEPS = ['view', 'favorite', 'interest', 'offer'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelRow {
  step: FunnelStep;
  /** People who reached the step. */
  count: number;
  /** Share of the previous step's people (0.25 = 25 %); null for the first step or an empty previous one. */
  ofPrevious: number | null;
  /** Share of the viewers; null for the first step or without viewers. */
  ofViewers: number | null;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The funnel view → favorite → interest → offer with each step's conversion. The steps count
 * people, and a buyer may save or offer without a counted view (from the list, or before views were
 * counted), so a share may pass 100 %: it is shown as it is rather than cut.
 */
export function funnelRows(funnel: DealAnalytics['funnel']): FunnelRow[] {
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index > 0 ? funnel[FUNNEL_STEPS[index - 1]!] : null;
    return {
      step,
      count: funnel[step],
      ofPrevious: previous === null ? null : share(funnel[step], previous),
      ofViewers: index === 0 ? null : share(funnel[step], funnel.view),
    };
  });
}

/** `0.25` as `25%` (`25 %` in Spanish), at most one decimal. */
export function formatShare(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A `YYYY-MM-DD` day (UTC, as the API counts them) as a short label: `Nov 26`, `26 nov`. */
export function formatShortDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The daily figures' totals over the days shown (the chart's summary for screen readers). */
export function dailyTotals(daily: DealAnalytics['daily']) {
  return daily.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      favorites: sum.favorites + day.favorites,
      interests: sum.interests + day.interests,
      offers: sum.offers + day.offers,
    }),
    { views: 0, favorites: 0, interests: 0, offers: 0 },
  );
}

/**
 * The daily chart's y axis: from 0 to a round maximum at or above `largest`, with up to five
 * whole-number ticks (1, 2 or 5 times a power of ten apart); 0 to 1 when every figure is 0.
 */
export function chartScale(largest: number): { max: number; ticks: number[] } {
  if (!(largest > 0)) return { max: 1, ticks: [0, 1] };
  const rough = largest / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!,
  );
  const max = Math.ceil(largest / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, ticks };
}

/**
 * The public ZIP page's document (decision 034): the heading, the figures and the buyers' names of
 * `/zip/{zipCode}/analytics`, written into the app's page by the server from the answer the API
 * gives (`BuyerAnalytics.zipAnalytics`, cached per data version), in the reader's language, with the
 * app's own markup and classes (apps/web/src/features/analytics/routes/zip-analytics.tsx), so that
 * the figures paint with the first HTML, before any script, and nothing moves when the app renders
 * over them. The answer itself goes along as JSON that the app seeds its query from
 * (apps/web/src/lib/prerendered.ts), so the app asks for nothing the page already holds.
 *
 * Every value from the database (a city, a buyer's name) is escaped as text; the JSON cannot close
 * its script element.
 */
import type { ZipAnalytics } from '@dealclub/shared/analytics';
import { formatMoment, formatMoney } from '@dealclub/shared/format';
import { PRERENDERED_ELEMENT_ID, zipAnalyticsQueryKey } from '@dealclub/shared/prerendered';
import type { Language } from '@dealclub/shared/constants';
import { escapeHtml, scriptJson } from '../lib/html';
import { translate } from '../lib/i18n';

/**
 * The moment of the last change, as the app writes it (`formatMoment`), but in UTC: the reader's
 * time zone is the browser's to know. The same length as the app's, so nothing moves when the app
 * writes it in the reader's zone; the element's title says UTC.
 */
function moment(value: string, language: Language): string {
  return formatMoment(value, language, 'UTC');
}

/** The page's title, as the app sets it (`usePageTitle`). */
export function zipPageTitle(zipCode: string, language: Language): string {
  const page = translate(language, 'analyticsScreens.zip.title', { zip: zipCode });
  return translate(language, 'app.title', { page });
}

/**
 * The inside of the page's `<main>`: what ZipView renders before its map has loaded; without the
 * sign-up box for a `member` (the browser's MEMBER_HINT_COOKIE).
 */
export function zipPageMain(data: ZipAnalytics, language: Language, member = false): string {
  const t = (key: string, vars?: Record<string, string>) => escapeHtml(translate(language, key, vars));
  const money = (value: number | null) =>
    value === null ? t('analyticsScreens.buyerMap.notGiven') : escapeHtml(formatMoney(value, language));
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const place = t('analyticsScreens.zip.place', { city: data.city, state: data.state, zip: data.zipCode });
  const figures: [string, string, string][] = [
    ['count', t('analyticsScreens.zip.buyerCount'), escapeHtml(count(data.buyerCount))],
    ['down', t('analyticsScreens.zip.averageDown'), money(data.averageDownPayment)],
    ['monthly', t('analyticsScreens.zip.averageMonthly'), money(data.averageMonthlyPayment)],
    [
      'updated',
      t('analyticsScreens.zip.lastUpdated'),
      data.lastUpdated
        ? `<time datetime="${escapeHtml(data.lastUpdated)}" title="${t('analyticsScreens.zip.timeInUtc')}">${escapeHtml(moment(data.lastUpdated, language))}</time>`
        : t('analyticsScreens.buyerMap.neverUpdated'),
    ],
  ];
  const buyers =
    data.buyerCount === 0
      ? `<p class="text-slate-700">${t('analyticsScreens.zip.noBuyers')}</p>`
      : `<ul class="grid gap-2 sm:grid-cols-2" data-testid="zip-buyers">${data.buyers
          .map(
            (buyer) =>
              `<li class="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">` +
              `<span class="flex flex-wrap items-center gap-2"><span class="font-semibold">${escapeHtml(buyer.name)}</span>` +
              (buyer.certified
                ? `<span class="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ring-1 ring-emerald-200"><svg aria-hidden="true" class="size-3.5"></svg>${t('certification.badge')}</span>`
                : '') +
              `</span><span class="text-sm text-slate-700">${t('analyticsScreens.zip.maxMonthly', {
                amount:
                  buyer.maxMonthlyPayment === null
                    ? translate(language, 'analyticsScreens.buyerMap.notGiven')
                    : formatMoney(buyer.maxMonthlyPayment, language),
              })}</span></li>`,
          )
          .join('')}</ul>${
          data.buyerCount > data.buyers.length
            ? `<p class="text-sm text-slate-700">${t('analyticsScreens.zip.listShown', {
                shown: String(data.buyers.length),
                count: String(data.buyerCount),
              })}</p>`
            : ''
        }`;
  return (
    `<section class="mx-auto w-full max-w-5xl px-4 py-10">` +
    `<h1 class="text-3xl font-bold">${t('analyticsScreens.zip.title', { zip: data.zipCode })}</h1>` +
    `<p class="mt-2 text-slate-700">${place}</p>` +
    `<dl class="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="zip-figures">${figures
      .map(
        ([id, label, value]) =>
          `<div class="rounded-xl border border-slate-200 bg-white p-4" data-testid="zip-${id}">` +
          `<dt class="text-sm text-slate-700">${label}</dt><dd class="mt-1 text-2xl font-bold">${value}</dd></div>`,
      )
      .join('')}</dl>` +
    `<div class="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">` +
    `<div class="grid content-start gap-3"><h2 class="text-xl font-semibold">${t('analyticsScreens.zip.listTitle')}</h2>${buyers}</div>` +
    `<div class="grid content-start gap-4">` +
    `<div aria-hidden="true" class="aspect-[975/610] w-full animate-pulse rounded-xl border border-slate-200 bg-slate-100"></div>` +
    (member
      ? ''
      : `<div class="grid gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4">` +
        `<h2 class="font-semibold">${t('analyticsScreens.zip.signupTitle')}</h2>` +
        `<p class="text-sm text-slate-700">${t('analyticsScreens.zip.signupText')}</p>` +
        `<a href="/signup" class="inline-flex items-center gap-2 justify-self-start rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"><svg aria-hidden="true" class="size-4"></svg>${t('analyticsScreens.zip.signupLink')}</a>` +
        `</div>`) +
    `</div></div></section>`
  );
}

/**
 * The app's page (`page`: index.html with its preload links) holding the ZIP page: the title, the
 * document's language, the figures in place of the loading mark, and the answer as JSON.
 */
export function zipPageDocument(
  page: string,
  answerJson: string,
  language: Language,
  member = false,
): string {
  const data = JSON.parse(answerJson) as ZipAnalytics;
  // A PrerenderedQuery, with the answer's own bytes as `data`.
  const seed = `{"queryKey":${JSON.stringify(zipAnalyticsQueryKey(data.zipCode))},"section":"analytics","data":${answerJson}}`;
  // Replacers are functions: a `$` in the data must not be read as a replacement pattern.
  return page
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(zipPageTitle(data.zipCode, language))}</title>`,
    )
    .replace(
      /(<main\b[^>]*>)[\s\S]*?(<\/main>)/,
      (_, open: string, close: string) => `${open}${zipPageMain(data, language, member)}${close}`,
    )
    .replace(
      '</body>',
      () =>
        `<script type="application/json" id="${PRERENDERED_ELEMENT_ID}">${scriptJson(seed)}</script></body>`,
    );
}

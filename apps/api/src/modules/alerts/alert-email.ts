/**
 * The alert and digest e-mails (DECISIONS.md, Matching and alerts), in the buyer's language, as
 * plain text and HTML: each deal with its place (the street only if the buyer may see it), its
 * match score and reasons criterion by criterion, its deal math and a link to `/deals/{id}`; the
 * one-click unsubscribe link at the foot (its headers are set by the caller).
 */
import { dealMath, type DealMath } from '@dealclub/shared/deals';
import { formatMoney } from '@dealclub/shared/format';
import { isLanguage } from '@dealclub/shared/language';
import { matchMoney, type Match } from '@dealclub/shared/matching';
import { escapeHtml } from '../../lib/html';
import { translate } from '../../lib/i18n';
import { matchDealOfRow, matchOut } from '../matching';
import { placeFor } from '../deals';
import type { DealRow } from '../../db/rows';

export interface AlertRecipient {
  id: string;
  roles: string[];
  languagePreference: string;
}

/** One deal of an alert or a digest. */
export interface AlertItem {
  deal: DealRow;
  score: number;
  /** The buyer's match of the deal (preferences or buy box); null when only a saved search matched. */
  match: Match | null;
  /** The saved search that matched, when it was one. */
  savedSearchName: string | null;
  /** A priority buyer's first look at an exclusive deal. */
  priority: boolean;
}

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
}

/** Money as the match reasons write it (matching/profile.ts): US dollars in the US form of the language. */
export function alertMoney(value: number, language: string): string {
  return formatMoney(value, language === 'es' ? 'es-US' : 'en-US');
}

/** A label from the first locale group that has the value; the value itself otherwise. */
function label(language: string, group: string, value: string): string {
  try {
    return translate(language, `${group}.${value}`);
  } catch {
    return value;
  }
}

/** "Subject-to" / "Cash": what kind of deal it is, in the reader's words. */
export function dealKind(language: string, deal: Pick<DealRow, 'category' | 'purchaseType'>): string {
  return deal.category === 'cash' || !deal.purchaseType
    ? label(language, 'dealCommon.category', deal.category)
    : label(language, 'dealCommon.purchaseType', deal.purchaseType);
}

/** The deal math of DECISIONS.md; a cash deal's cash to close is its price. */
function mathOf(deal: DealRow): DealMath {
  const facts = matchDealOfRow(deal);
  if (deal.category === 'creative') {
    const math = dealMath({ ...facts, category: 'creative', purchaseType: facts.purchaseType as never });
    if (math) return math;
  }
  const money = matchMoney(facts);
  return {
    cashToClose: money.cashToClose,
    estimatedEquity: null,
    totalMonthlyPayment: money.monthlyPayment ? money.monthlyPayment : null,
    monthsToMaturity: null,
  };
}

interface DealBlock {
  place: string;
  facts: string;
  score: string;
  notes: string[];
  math: [string, string][];
  reasons: { mark: string; detail: string }[];
  link: string;
}

const MARKS = { met: '✓', missed: '✗', unknown: '?' };

function blockOf(recipient: AlertRecipient, item: AlertItem, origin: string): DealBlock {
  const language = recipient.languagePreference;
  const { deal } = item;
  const t = (key: string, vars?: Record<string, string>) => translate(language, key, vars);
  const math = mathOf(deal);
  const mathLines: [string, string][] = [
    [t('dealDetail.fields.purchasePrice'), alertMoney(deal.purchasePrice, language)],
  ];
  if (math.cashToClose !== null)
    mathLines.push([t('dealDetail.math.cashToClose'), alertMoney(math.cashToClose, language)]);
  if (math.totalMonthlyPayment !== null) {
    mathLines.push([
      t('dealDetail.math.totalMonthlyPayment'),
      alertMoney(math.totalMonthlyPayment, language),
    ]);
  }
  if (math.estimatedEquity !== null) {
    mathLines.push([t('dealDetail.math.estimatedEquity'), alertMoney(math.estimatedEquity, language)]);
  }
  if (math.monthsToMaturity !== null)
    mathLines.push([t('dealDetail.math.monthsToMaturity'), String(math.monthsToMaturity)]);
  const reasons = (matchOut(item.match, isLanguage(language) ? language : 'en')?.reasons ?? []).map((r) => ({
    mark: r.met === true ? MARKS.met : r.met === false ? MARKS.missed : MARKS.unknown,
    detail: r.detail,
  }));
  const notes: string[] = [];
  if (item.priority) notes.push(t('email.alertPriorityIntro'));
  if (item.savedSearchName) notes.push(t('email.alertSavedSearch', { name: item.savedSearchName }));
  return {
    place: placeFor(recipient, deal),
    facts: [
      dealKind(language, deal),
      label(language, 'dealCommon.propertyType', deal.propertyType),
      t('email.alertRooms', { beds: String(deal.bedrooms), baths: String(Number(deal.bathrooms)) }),
    ].join(' · '),
    score: t('email.alertScore', { score: String(item.score) }),
    notes,
    math: mathLines,
    reasons,
    link: `${origin}/deals/${deal.id}`,
  };
}

function blockText(block: DealBlock, language: string): string {
  return [
    block.place,
    block.facts,
    ...block.notes,
    ...block.math.map(([name, value]) => `${name}: ${value}`),
    '',
    `${block.score}${block.reasons.length ? ` — ${translate(language, 'email.alertWhy')}:` : ''}`,
    ...block.reasons.map((r) => `  ${r.mark} ${r.detail}`),
    '',
    `${translate(language, 'email.alertSeeDeal')}: ${block.link}`,
  ].join('\n');
}

function blockHtml(block: DealBlock, language: string): string {
  const e = escapeHtml;
  const math = block.math.map(([name, value]) => `<tr><td>${e(name)}</td><td><b>${e(value)}</b></td></tr>`);
  const reasons = block.reasons.map((r) => `<li>${e(r.mark)} ${e(r.detail)}</li>`);
  return [
    `<h2 style="margin:0 0 4px;font-size:18px">${e(block.place)}</h2>`,
    `<p style="margin:0 0 8px;color:#555">${e(block.facts)}</p>`,
    ...block.notes.map((note) => `<p style="margin:0 0 8px">${e(note)}</p>`),
    `<table cellpadding="4" style="border-collapse:collapse">${math.join('')}</table>`,
    `<p style="margin:12px 0 4px"><b>${e(block.score)}</b>${
      block.reasons.length ? ` — ${e(translate(language, 'email.alertWhy'))}` : ''
    }</p>`,
    reasons.length ? `<ul style="margin:0 0 8px;padding-left:20px">${reasons.join('')}</ul>` : '',
    `<p style="margin:8px 0 24px"><a href="${e(block.link)}">${e(translate(language, 'email.alertSeeDeal'))}</a></p>`,
  ].join('\n');
}

function footer(language: string, unsubscribeUrl: string) {
  const t = (key: string) => translate(language, key);
  return {
    text: `--\n${t('email.alertFooter')}\n${t('email.alertUnsubscribe')}: ${unsubscribeUrl}`,
    html: `<hr><p style="color:#777;font-size:12px">${escapeHtml(t('email.alertFooter'))}<br><a href="${escapeHtml(
      unsubscribeUrl,
    )}">${escapeHtml(t('email.alertUnsubscribe'))}</a></p>`,
  };
}

function page(language: string, subject: string, body: string) {
  return `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(
    subject,
  )}</title></head>\n<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">\n${body}\n</body></html>`;
}

/** The real-time (or priority) alert of one deal. */
export function alertEmail(
  recipient: AlertRecipient,
  item: AlertItem,
  links: { origin: string; unsubscribeUrl: string },
): AlertMail {
  const language = recipient.languagePreference;
  const block = blockOf(recipient, item, links.origin);
  const subject = translate(language, item.priority ? 'email.alertPrioritySubject' : 'email.alertSubject', {
    place: block.place,
    score: String(item.score),
  });
  const intro = translate(language, 'email.alertIntro');
  const foot = footer(language, links.unsubscribeUrl);
  return {
    subject,
    text: `${intro}\n\n${blockText(block, language)}\n\n${foot.text}\n`,
    html: page(language, subject, `<p>${escapeHtml(intro)}</p>\n${blockHtml(block, language)}\n${foot.html}`),
  };
}

/** The daily digest or weekly summary: every due deal, best match first. */
export function digestEmail(
  recipient: AlertRecipient,
  items: AlertItem[],
  kind: 'daily' | 'weekly',
  links: { origin: string; unsubscribeUrl: string },
): AlertMail {
  const language = recipient.languagePreference;
  const count = items.length;
  const plural = count === 1 ? 'one' : 'other';
  const subject = translate(
    language,
    kind === 'daily' ? `email.digestDailySubject_${plural}` : `email.digestWeeklySubject_${plural}`,
    { count: String(count) },
  );
  const intro = translate(language, kind === 'daily' ? 'email.digestDailyIntro' : 'email.digestWeeklyIntro');
  const blocks = items.map((item) => blockOf(recipient, item, links.origin));
  const foot = footer(language, links.unsubscribeUrl);
  return {
    subject,
    text: `${intro}\n\n${blocks.map((b) => blockText(b, language)).join('\n\n----\n\n')}\n\n${foot.text}\n`,
    html: page(
      language,
      subject,
      `<p>${escapeHtml(intro)}</p>\n${blocks.map((b) => blockHtml(b, language)).join('\n')}\n${foot.html}`,
    ),
  };
}

/** The e-mail headers of RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The two CSV files of a deal (core §2, DECISIONS.md): its interested buyers and its offers, in the
 * reader's language, streamed a keyset batch at a time through `csv-export.ts`.
 */
import type { FastifyReply } from 'fastify';
import { offerFigures, OFFER_STATUSES, OFFER_TYPES, type OfferScope } from '@dealclub/shared/offers';
import { personName } from '@dealclub/shared/format';
import type { Db } from '../../db/client';
import { translate } from '../../lib/i18n';
import { batches, sendCsv } from './csv-export';
import { interestsAfter, offersAfter } from './queries';
import { comparedDealOf } from '../trust';
import type { DealRow } from '../../db/rows';

/** A filename part from the deal: its city and ZIP, never its (possibly hidden) street. */
const fileStem = (deal: DealRow) =>
  `${deal.city}-${deal.zipCode}-${deal.id.slice(0, 8)}`.replace(/[^\w-]+/g, '-');

/** The words the files use, looked up once per export rather than once per row. */
function wordsOf(language: string) {
  const keys = [
    'offers.csv.yes',
    'offers.csv.no',
    ...OFFER_TYPES.map((t) => `offers.type.${t}`),
    ...OFFER_STATUSES.map((s) => `offers.status.${s}`),
  ];
  const words = new Map(keys.map((k) => [k, translate(language, k)]));
  return {
    column: (key: string) => translate(language, `offers.csv.${key}`),
    yesNo: (value: boolean) => words.get(value ? 'offers.csv.yes' : 'offers.csv.no')!,
    type: (type: string) => words.get(`offers.type.${type}`) ?? type,
    status: (status: string) => words.get(`offers.status.${status}`) ?? status,
    risk: (key: string) => translate(language, `disclosures.${key}.title`),
  };
}

type OnError = (error: Error) => void;

export function sendInterestsCsv(
  reply: FastifyReply,
  db: Db,
  deal: DealRow,
  language: string,
  onError: OnError,
) {
  const words = wordsOf(language);
  return sendCsv(
    reply,
    `interests-${fileStem(deal)}.csv`,
    ['date', 'buyer', 'email', 'phone', 'certified', 'message'].map(words.column),
    batches((lastId, size) => interestsAfter(db, deal.id, lastId, size)),
    ({ interest, buyer }) => [
      interest.updatedAt.toISOString(),
      personName(buyer),
      buyer.email,
      buyer.phoneNumber,
      words.yesNo(buyer.certifiedBuyer),
      interest.message,
    ],
    onError,
  );
}

export function sendOffersCsv(
  reply: FastifyReply,
  db: Db,
  deal: DealRow,
  scope: OfferScope,
  language: string,
  onError: OnError,
) {
  const words = wordsOf(language);
  const now = new Date();
  const compared = comparedDealOf(deal);
  const header = [
    'submitted',
    'buyer',
    'email',
    'phone',
    'certified',
    'type',
    'purchasePrice',
    'entryFee',
    'cashToSeller',
    'effectivePrice',
    'sellerFinanced',
    'closeDate',
    'daysToClose',
    'status',
    'message',
    'acknowledgedRisks',
  ];
  return sendCsv(
    reply,
    `offers-${fileStem(deal)}.csv`,
    header.map(words.column),
    batches((lastId, size) => offersAfter(db, deal.id, scope, lastId, size)),
    (offer) => {
      const figures = offerFigures(offer, compared, now);
      return [
        offer.createdAt.toISOString(),
        personName(offer),
        offer.email,
        offer.phoneNumber,
        words.yesNo(offer.certifiedBuyer),
        words.type(offer.type),
        offer.purchasePrice,
        offer.entryFee,
        figures.cashToSeller,
        figures.effectivePrice,
        figures.sellerFinanced,
        offer.estimatedCloseDate,
        figures.daysToClose,
        words.status(offer.status),
        offer.message,
        offer.acknowledgedRisks.map(words.risk).join('; '),
      ];
    },
    onError,
  );
}

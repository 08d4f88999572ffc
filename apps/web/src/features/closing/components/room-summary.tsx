import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosingRoom } from '@dealclub/shared/closing';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/format';

/** The deal of the room: its parties (the reader marked) and the accepted offer's figures. */
export function RoomSummary({ room }: { room: ClosingRoom }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.language;
  const money = (value: number | null) =>
    value === null ? t('closing.room.summary.notProvided') : formatMoney(value, language);
  const person = (name: string, isReader: boolean) =>
    isReader ? t('closing.room.summary.you', { name }) : name;
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('closing.room.summary.title')}
      </h2>
      <dl className="grid gap-2 text-sm">
        <Row label={t('closing.room.summary.seller')}>{person(room.seller.name, room.role === 'seller')}</Row>
        <Row label={t('closing.room.summary.buyer')}>{person(room.buyer.name, room.role === 'buyer')}</Row>
        <Row label={t('closing.room.summary.acceptedOn')}>{formatDay(room.openedAt, language)}</Row>
      </dl>
      <h3 className="font-semibold">{t('closing.room.summary.offer')}</h3>
      <dl className="grid gap-2 text-sm">
        <Row label={t('closing.room.summary.offerType')}>
          {t(`offers.type.${room.offer.type}`, { defaultValue: room.offer.type })}
        </Row>
        <Row label={t('closing.room.summary.purchasePrice')}>{money(room.offer.purchasePrice)}</Row>
        {(room.offer.entryFee !== null || room.offer.type !== 'cash') && (
          <Row label={t('closing.room.summary.entryFee')}>{money(room.offer.entryFee)}</Row>
        )}
        <Row label={t('closing.room.summary.estimatedCloseDate')}>
          {formatDay(room.offer.estimatedCloseDate, language)}
        </Row>
      </dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

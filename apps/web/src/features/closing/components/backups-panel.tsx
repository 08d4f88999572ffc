import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BACKUP_OFFERS, type ClosingRoom } from '@dealclub/shared/closing';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/format';
import { codedErrorText } from '@/lib/server-errors';
import { useBackupCandidates, useSetBackups, type BackupCandidate } from '../api/backups';

const RANKS = Array.from({ length: MAX_BACKUP_OFFERS }, (_, i) => i + 1);

/**
 * Backup offers, for the seller and admins only (the buyer's room says nothing of other buyers):
 * in an open room, up to three of the deal's other offers picked in rank order, one select per
 * rank; in an ended room, the ranking it had.
 */
export function BackupsPanel({ room }: { room: ClosingRoom }) {
  const { t } = useTranslation();
  const headingId = useId();
  const ranked = [...room.backups].sort((a, b) => a.rank - b.rank);
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="backups"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('closing.room.backups.title')}
      </h2>
      {room.status === 'open' ? (
        <>
          <p className="text-sm text-slate-700 print:hidden">{t('closing.room.backups.intro')}</p>
          {/* Keyed by the saved ranking, so a change from elsewhere (realtime) shows as saved. */}
          <BackupsForm key={ranked.map((b) => b.offerId).join()} room={room} />
        </>
      ) : ranked.length === 0 ? (
        <p className="text-sm text-slate-700">{t('closing.room.backups.noneSet')}</p>
      ) : (
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          {ranked.map((backup) => (
            <li key={backup.offerId}>
              {backup.buyerName ?? t('closing.room.backups.unknownBuyer', { rank: backup.rank })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BackupsForm({ room }: { room: ClosingRoom }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const candidates = useBackupCandidates(room.dealId, room.buyer.id);
  const save = useSetBackups(room.dealId);
  const saved = [...room.backups].sort((a, b) => a.rank - b.rank).map((b) => b.offerId);
  const [choice, setChoice] = useState<string[]>(() => RANKS.map((_, i) => saved[i] ?? ''));

  const nameOf = (offer: BackupCandidate) => `${offer.buyer.firstName} ${offer.buyer.lastName}`.trim();
  const termsOf = (offer: BackupCandidate) => {
    const amount = offer.type === 'cash' ? offer.purchasePrice : offer.entryFee;
    return amount === null
      ? t(`offers.type.${offer.type}`)
      : t(offer.type === 'cash' ? 'closing.room.backups.cash' : 'closing.room.backups.creative', {
          amount: formatMoney(amount, i18n.language),
        });
  };
  const options = [
    ...(candidates.data ?? []).map((offer) => ({
      id: offer.id,
      label: t('closing.room.backups.option', {
        name: nameOf(offer),
        terms: termsOf(offer),
        status: t(`offers.status.${offer.status}`),
      }),
    })),
    // A ranked offer the list no longer offers (replaced since) keeps its place until changed.
    ...room.backups
      .filter((b) => !candidates.data?.some((offer) => offer.id === b.offerId))
      .map((b) => ({
        id: b.offerId,
        label: b.buyerName ?? t('closing.room.backups.unknownBuyer', { rank: b.rank }),
      })),
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync(choice.filter(Boolean));
      toast({ title: t('closing.room.backups.saved') });
    } catch (error) {
      toast({
        title: codedErrorText(t, error, 'closing.room.backups.failed', [
          'BACKUP_OFFERS_INVALID',
          'CLOSING_NOT_OPEN',
        ]),
        variant: 'destructive',
      });
    }
  }

  if (candidates.isPending) return <p className="text-sm text-slate-600">{t('app.loading')}</p>;
  if (candidates.isError) {
    return (
      <LoadFailed message={t('closing.room.backups.loadFailed')} onRetry={() => void candidates.refetch()} />
    );
  }
  if (options.length === 0) return <FormAlert tone="info">{t('closing.room.backups.empty')}</FormAlert>;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      {RANKS.map((rank, index) => (
        <div key={rank} className="grid gap-1.5">
          <label htmlFor={`${id}-${rank}`} className="text-sm font-medium text-slate-800">
            {t('closing.room.backups.rank', { rank })}
          </label>
          <select
            id={`${id}-${rank}`}
            value={choice[index]}
            onChange={(event) =>
              setChoice((current) => current.map((value, i) => (i === index ? event.target.value : value)))
            }
            className="h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100 print:border-0 print:px-0"
          >
            <option value="">{t('closing.room.backups.none')}</option>
            {options.map((option) => (
              <option
                key={option.id}
                value={option.id}
                // An offer holds one rank: taken in another select, it cannot be picked here.
                disabled={choice.some((value, i) => i !== index && value === option.id)}
              >
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="print:hidden">
        <button
          type="submit"
          disabled={save.isPending}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {save.isPending ? t('closing.room.backups.saving') : t('closing.room.backups.save')}
        </button>
      </div>
    </form>
  );
}

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_TRANSITIONS, type DealStatus } from '@dealclub/shared/deal-rules';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatMoment } from '@/lib/dates';
import { serverFieldErrors } from '@/lib/server-errors';
import { useChangeStatus } from '../api/deal-mutations';
import { useDeal } from '@/lib/deals';
import { labelOf } from './form-labels';
import { StatusBadge } from '@/components/deals/status-badge';

/**
 * The statuses a deal in `status` may move to from this dialog: the transition table without
 * `deleted` (Delete has its own confirmation) and, for a pending deal, without `active` (that is
 * the Reactivate button).
 */
export function dialogTargets(status: DealStatus): DealStatus[] {
  return STATUS_TRANSITIONS[status].filter(
    (to) => to !== 'deleted' && !(status === 'pending' && to === 'active'),
  );
}

const inputClass =
  'rounded-md border bg-white px-3 py-2 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100';

/**
 * "Change status" of one of my deals (Radix Dialog): the new status among the allowed transitions,
 * whether the transaction went through the platform, a reason (required to cancel), comments,
 * Reactivate for a pending deal, and the status history.
 */
export function StatusDialog({
  dealId,
  address,
  status,
  trigger,
  defaultOpen = false,
}: {
  dealId: string;
  address: string;
  status: DealStatus;
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  trigger: ReactNode;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <div className="grid gap-1 pr-10">
            <Dialog.Title className="text-xl font-semibold">{t('dealManage.dialog.title')}</Dialog.Title>
            <Dialog.Description className="text-slate-700">{address}</Dialog.Description>
          </div>
          <Dialog.Close
            aria-label={t('dealManage.dialog.close')}
            className="absolute right-3 top-3 grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {open && <StatusDialogBody dealId={dealId} status={status} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StatusDialogBody({
  dealId,
  status: cardStatus,
  onDone,
}: {
  dealId: string;
  status: DealStatus;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const detail = useDeal(dealId);
  const change = useChangeStatus();
  const status = detail.data?.status ?? cardStatus;
  const history = detail.data?.statusHistory ?? [];
  const targets = dialogTargets(status);
  const [next, setNext] = useState<DealStatus | ''>('');
  const [through, setThrough] = useState<'yes' | 'no'>('yes');
  const [reason, setReason] = useState('');
  const [comments, setComments] = useState('');
  const [errors, setErrors] = useState<{ next?: string; reason?: string }>({});

  async function send(to: DealStatus) {
    try {
      await change.mutateAsync({
        id: dealId,
        status: to,
        throughPlatform: through === 'yes',
        reason: to === 'canceled' ? reason.trim() : reason.trim() || null,
        comments: comments.trim() || null,
      });
      toast({ title: t('dealManage.statusUpdated', { status: labelOf(t, 'status', to) }) });
      onDone();
    } catch (error) {
      const reasonError = serverFieldErrors(error, t).find((e) => e.path === 'reason');
      if (error instanceof ApiError && error.code === 'STATUS_CHANGE_NOT_ALLOWED') {
        toast({ title: t('errors.STATUS_CHANGE_NOT_ALLOWED'), variant: 'destructive' });
      } else if (reasonError) {
        setErrors({ reason: reasonError.text });
      } else {
        toast({ title: t('dealManage.statusFailed'), variant: 'destructive' });
      }
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!next) found.next = t('dealManage.dialog.chooseStatus');
    if (next === 'canceled' && !reason.trim()) found.reason = t('deals.validation.reasonRequired');
    setErrors(found);
    if (found.next) return document.getElementById(`${id}-status-0`)?.focus();
    if (found.reason) return document.getElementById(`${id}-reason`)?.focus();
    if (next) void send(next);
  }

  const busy = change.isPending;
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {t('dealManage.dialog.current')} <StatusBadge status={status} />
      </p>

      {targets.length === 0 && status !== 'pending' ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t('dealManage.dialog.final')}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          {status === 'pending' && (
            <div className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
              <p className="text-sm text-slate-700">{t('dealManage.dialog.reactivateHint')}</p>
              <div>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void send('active')}
                  className="h-11 rounded-md border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
                >
                  {t('dealManage.dialog.reactivate')}
                </button>
              </div>
            </div>
          )}
          <fieldset className="grid gap-2" aria-describedby={errors.next ? `${id}-status-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('dealManage.dialog.newStatus')}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {targets.map((to, index) => (
                <label
                  key={to}
                  className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3"
                >
                  <input
                    id={`${id}-status-${index}`}
                    type="radio"
                    name={`${id}-status`}
                    value={to}
                    checked={next === to}
                    onChange={() => {
                      setNext(to);
                      setErrors((e) => ({ ...e, next: undefined }));
                    }}
                    className="size-4 accent-brand-700"
                  />
                  <span>{labelOf(t, 'status', to)}</span>
                </label>
              ))}
            </div>
            {errors.next && (
              <p id={`${id}-status-error`} className="text-sm text-red-700">
                {errors.next}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('dealManage.dialog.throughPlatform')}
            </legend>
            <div className="flex gap-2">
              {(['yes', 'no'] as const).map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3"
                >
                  <input
                    type="radio"
                    name={`${id}-through`}
                    value={value}
                    checked={through === value}
                    onChange={() => setThrough(value)}
                    className="size-4 accent-brand-700"
                  />
                  <span>{t(`dealManage.dialog.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {next === 'canceled' && (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
                {t('dealManage.dialog.reason')}
              </label>
              <textarea
                id={`${id}-reason`}
                rows={3}
                maxLength={1000}
                value={reason}
                required
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (e.target.value.trim()) setErrors((x) => ({ ...x, reason: undefined }));
                }}
                className={`${inputClass} ${errors.reason ? 'border-red-700' : 'border-slate-300'}`}
              />
              {errors.reason && (
                <p id={`${id}-reason-error`} className="text-sm text-red-700">
                  {errors.reason}
                </p>
              )}
            </div>
          )}

          <div className="grid gap-1.5">
            <label htmlFor={`${id}-comments`} className="text-sm font-medium text-slate-800">
              {t('dealManage.dialog.comments')}
            </label>
            <textarea
              id={`${id}-comments`}
              rows={3}
              maxLength={2000}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              className={`${inputClass} border-slate-300`}
            />
          </div>

          <div className="flex flex-wrap justify-end gap-2">
            {targets.length > 0 && (
              <button
                type="submit"
                disabled={busy}
                className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
              >
                {busy ? t('dealManage.dialog.updating') : t('dealManage.dialog.submit')}
              </button>
            )}
          </div>
        </form>
      )}

      <section aria-labelledby={`${id}-history`} className="grid gap-2 border-t border-slate-100 pt-4">
        <h3 id={`${id}-history`} className="text-base font-semibold">
          {t('dealManage.history.title')}
        </h3>
        {detail.isPending ? (
          <p className="text-sm text-slate-600">{t('app.loading')}</p>
        ) : history.length === 0 ? (
          <p className="text-sm text-slate-600">{t('dealManage.history.empty')}</p>
        ) : (
          <ol className="grid gap-2">
            {[...history].reverse().map((entry, index) => (
              <li
                key={`${entry.date}-${index}`}
                className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <time dateTime={entry.date} className="font-medium">
                    {formatMoment(entry.date, i18n.language)}
                  </time>
                  <StatusBadge status={entry.status} />
                  <span className="text-slate-700">{t(`dealManage.history.source.${entry.source}`)}</span>
                </div>
                {entry.reason && (
                  <p>
                    <span className="font-medium">{t('dealManage.history.reason')}</span> {entry.reason}
                  </p>
                )}
                {entry.comments && (
                  <p>
                    <span className="font-medium">{t('dealManage.history.comments')}</span> {entry.comments}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

import { BadgeCheck, LogOut } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSING_REASON_MAX_LENGTH, type ClosingRoom } from '@dealclub/shared/closing';
import { toast } from '@/components/ui/use-toast';
import { codedErrorText, serverFieldErrors } from '@/lib/server-errors';
import { openMilestonesOf, useCompleteClosing, useEndContract } from '../api/end-contract';
import { titleOf } from '../lib/wording';
import { DialogActions, NoteField, RoomDialog } from './room-dialog';

/**
 * The contract's way out of an open room: 'Mark closed' for the seller and admins once every
 * milestone is done, and the end of the contract with a required reason — the seller's 'End the
 * contract', the buyer's 'Withdraw'. Both remove their buttons: the focus then goes to
 * `focusStatus` (the room's banner or heading).
 */
export function ContractPanel({ room, focusStatus }: { room: ClosingRoom; focusStatus: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const remaining = room.milestones.filter((m) => !m.done).length;
  const sellerSide = room.role !== 'buyer';
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5 print:hidden"
      data-testid="contract"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('closing.room.contract.title')}
      </h2>
      {sellerSide && (
        <>
          <p className="text-sm text-slate-700">
            {remaining > 0
              ? t('closing.room.contract.remaining', { count: remaining })
              : t('closing.room.contract.allDone')}
          </p>
          <CompleteDialog room={room} focusStatus={focusStatus} />
        </>
      )}
      <EndContractDialog room={room} focusStatus={focusStatus} />
    </section>
  );
}

function CompleteDialog({ room, focusStatus }: { room: ClosingRoom; focusStatus: () => void }) {
  const { t, i18n } = useTranslation();
  const complete = useCompleteClosing(room.dealId);
  const [open, setOpen] = useState(false);
  const [stillOpen, setStillOpen] = useState<string[] | null>(null);
  const [closed, setClosed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await complete.mutateAsync();
    } catch (error) {
      const keys = openMilestonesOf(error);
      if (keys) {
        setStillOpen(keys);
        return;
      }
      toast({
        title: codedErrorText(t, error, 'closing.room.complete.failed', ['CLOSING_NOT_OPEN', 'FORBIDDEN']),
        variant: 'destructive',
      });
      return;
    }
    setClosed(true);
    setOpen(false);
    toast({ title: t('closing.room.complete.done') });
  }

  const busy = complete.isPending;
  return (
    <RoomDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setStillOpen(null);
          setClosed(false);
        }
        setOpen(next);
      }}
      busy={busy}
      afterStep={closed ? focusStatus : undefined}
      title={t('closing.room.complete.title')}
      description={t('closing.room.complete.body')}
      trigger={
        <button
          type="button"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <BadgeCheck aria-hidden className="size-4" />
          {t('closing.room.complete.action')}
        </button>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {stillOpen && (
          <div
            role="alert"
            className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <p className="font-medium">{t('closing.room.complete.incomplete')}</p>
            <ul className="grid list-disc gap-1 pl-5" data-testid="still-open">
              {stillOpen.map((key) => (
                <li key={key}>
                  {titleOf(room.milestones.find((m) => m.key === key) ?? { key }, i18n.language)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogActions
          busy={busy}
          cancelLabel={t('closing.room.complete.cancel')}
          confirmLabel={t('closing.room.complete.confirm')}
          busyLabel={t('closing.room.complete.saving')}
        />
      </form>
    </RoomDialog>
  );
}

function EndContractDialog({ room, focusStatus }: { room: ClosingRoom; focusStatus: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const end = useEndContract(room.dealId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [ended, setEnded] = useState(false);
  const buyer = room.role === 'buyer';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('closing.validation.reasonRequired'));
      field.current?.focus();
      return;
    }
    let next: ClosingRoom;
    try {
      next = (await end.mutateAsync({ how: buyer ? 'withdraw' : 'fall-through', reason: text })).closing;
    } catch (failure) {
      const reasonError = serverFieldErrors(failure, t).find((e) => e.path === 'reason');
      if (reasonError) {
        setError(reasonError.text);
        field.current?.focus();
        return;
      }
      toast({
        title: codedErrorText(t, failure, 'closing.room.end.failed', ['CLOSING_NOT_OPEN', 'FORBIDDEN']),
        variant: 'destructive',
      });
      return;
    }
    setEnded(true);
    setOpen(false);
    // For the seller, a promoted backup answers with its new room, open.
    const promoted = next.status === 'open' && next.id !== room.id;
    toast({ title: t(promoted ? 'closing.room.end.promoted' : 'closing.room.end.ended') });
  }

  const busy = end.isPending;
  return (
    <RoomDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason('');
          setError(undefined);
          setEnded(false);
        }
        setOpen(next);
      }}
      busy={busy}
      afterStep={ended ? focusStatus : undefined}
      title={t(buyer ? 'closing.room.end.buyerTitle' : 'closing.room.end.sellerTitle')}
      description={t(buyer ? 'closing.room.end.buyerBody' : 'closing.room.end.sellerBody')}
      trigger={
        <button
          type="button"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-4 font-semibold text-red-800 hover:bg-red-50"
        >
          <LogOut aria-hidden className="size-4" />
          {t(buyer ? 'closing.room.end.buyerAction' : 'closing.room.end.sellerAction')}
        </button>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <NoteField
          id={`${id}-reason`}
          fieldRef={field}
          label={t('closing.room.end.reason')}
          required
          maxLength={CLOSING_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setError(undefined);
          }}
        />
        <DialogActions
          busy={busy}
          tone="danger"
          cancelLabel={t('closing.room.end.cancel')}
          confirmLabel={t(buyer ? 'closing.room.end.confirmBuyer' : 'closing.room.end.confirmSeller')}
          busyLabel={t('closing.room.end.saving')}
        />
      </form>
    </RoomDialog>
  );
}

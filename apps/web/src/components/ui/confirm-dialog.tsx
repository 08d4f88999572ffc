import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

const CONFIRM_TONES = {
  primary: 'bg-brand-700 hover:bg-brand-800',
  danger: 'bg-red-700 hover:bg-red-800',
};

/**
 * A confirmation before an action that cannot be undone from where the user stands (delete a deal,
 * accept an offer): the title, what it applies to, what will happen, and Cancel / Confirm. The
 * caller holds `open`, so that it decides whether a failed action keeps the dialog up. While
 * `busy` the dialog cannot be dismissed and Confirm shows `busyLabel`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  summary,
  body,
  cancelLabel,
  confirmLabel,
  busyLabel,
  tone = 'primary',
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
  title: string;
  /** What the action applies to (the deal's address, the offer's terms), stressed. */
  summary: ReactNode;
  /** What the action will do. */
  body: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  tone?: keyof typeof CONFIRM_TONES;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="grid gap-2 text-slate-700">
            <span className="font-medium text-ink">{summary}</span>
            <span>{body}</span>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel
              disabled={busy}
              className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className={`h-11 rounded-md px-4 font-semibold text-white disabled:opacity-70 ${CONFIRM_TONES[tone]}`}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

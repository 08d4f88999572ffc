import { TextAreaField } from '@/components/ui/choice-fields';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the room's dialogs (Radix Dialog, as "Change status" is): the focus goes into the
 * dialog and, when it closes, back to the button that opened it — or, after a step that removed
 * that button (the contract ended, the deal closed, the date answered), to `afterStep`, so that it
 * never falls to the page's body. While `busy` it cannot be dismissed.
 */
export function RoomDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  busy,
  afterStep,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  busy: boolean;
  /** Where the focus goes once the dialog closes after a step went through. */
  afterStep?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!afterStep) return;
            event.preventDefault();
            afterStep();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="grid gap-1 pr-10">
            <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="text-slate-700">{description}</Dialog.Description>
          </div>
          <Dialog.Close
            aria-label={t('closing.room.tick.close')}
            disabled={busy}
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The Cancel and confirm buttons at the foot of a room dialog's form. */
export function DialogActions({
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  tone = 'primary',
}: {
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  tone?: 'primary' | 'danger';
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Dialog.Close
        type="button"
        disabled={busy}
        className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
      >
        {cancelLabel}
      </Dialog.Close>
      <button
        type="submit"
        disabled={busy}
        className={`h-11 rounded-md px-4 font-semibold text-white disabled:opacity-70 ${
          tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'
        }`}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}

/** A dialog's text field (a note, a reason): the app's labelled textarea, with its counter. */
export function NoteField({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  maxLength,
  fieldRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  maxLength: number;
  fieldRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <TextAreaField
      ref={fieldRef}
      id={id}
      label={label}
      rows={3}
      maxLength={maxLength}
      length={value.length}
      value={value}
      required={required}
      aria-required={required || undefined}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

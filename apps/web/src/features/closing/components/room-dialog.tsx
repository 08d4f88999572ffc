import { createContext, use, type ReactNode, type Ref } from 'react';
import { TextAreaField } from '@/components/ui/choice-fields';
import { retryableLazy, useLazyDialogTrigger } from '@/components/ui/confirm-dialog';
import type { RoomDialogFrameProps } from './room-dialog-frame';

// The modal (Radix: focus trap, dismissal, scroll lock) is 13 KB of compressed script that only
// serves once someone opens one of the room's dialogs: it loads then (the pointer over a trigger or
// its focus starts the download), not with the room (issue 32's script budget), as the app's
// confirmations do (components/ui/confirm-dialog.tsx).
const loadFrame = () => import('./room-dialog-frame');
const RoomDialogFrame = retryableLazy(loadFrame);
const prefetch = () => void loadFrame().catch(() => undefined);

/** Closes the dialog around it, unless it is busy (its Cancel button). */
const CloseDialog = createContext<() => void>(() => undefined);

/**
 * The frame of the room's dialogs (a Radix Dialog, as "Change status" is): the focus goes into the
 * dialog and, when it closes, back to the button that opened it — or, after a step that removed
 * that button (the contract ended, the deal closed, the date answered), to `afterStep`, so that it
 * never falls to the page's body. While `busy` it cannot be dismissed. The trigger is the caller's
 * button, given the dialog's state as Radix's trigger would give it.
 */
export function RoomDialog({
  trigger,
  ...props
}: Omit<RoomDialogFrameProps, 'opener'> & {
  /** The button that opens the dialog. */
  trigger: ReactNode;
}) {
  const { button, opener, modal } = useLazyDialogTrigger({
    trigger,
    ...props,
    prefetch,
    retry: RoomDialogFrame.retry,
  });
  const close = () => {
    if (!props.busy) props.onOpenChange(false);
  };
  return (
    <>
      {button}
      <CloseDialog value={close}>{modal(<RoomDialogFrame {...props} opener={opener} />)}</CloseDialog>
    </>
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
  const close = use(CloseDialog);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={close}
        className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
      >
        {cancelLabel}
      </button>
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

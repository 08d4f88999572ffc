/**
 * The Radix part of {@link RoomDialog} (room-dialog.tsx): the modal itself, with its focus trap,
 * dismissal and scroll lock, loaded the first time one of the room's dialogs is asked for.
 */
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RoomDialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  busy: boolean;
  /** Where the focus goes once the dialog closes after a step went through. */
  afterStep?: () => void;
  /** The trigger that opened the dialog: the focus goes back to it otherwise. */
  opener: HTMLElement | null;
  children: ReactNode;
}

export default function RoomDialogFrame({
  open,
  onOpenChange,
  title,
  description,
  busy,
  afterStep,
  opener,
  children,
}: RoomDialogFrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          // The trigger lives outside Radix (room-dialog.tsx): the focus goes back to it, or where a
          // step that removed it says.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (afterStep) afterStep();
            else opener?.focus();
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

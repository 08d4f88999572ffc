import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { ConfirmDialogContentProps } from './confirm-dialog-content';
import { toast } from './use-toast';

export interface ConfirmDialogProps extends Omit<ConfirmDialogContentProps, 'opener'> {
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
}

// The modal (Radix: focus trap, dismissal, scroll lock) is 14 KB that only serves once someone asks
// to confirm: it loads then (the pointer over the trigger or its focus starts the download), not
// with the screens that offer the action, such as every deal page (issue 18's script budget).
const loadContent = () => import('./confirm-dialog-content');
const ConfirmDialogContent = lazy(loadContent);
const prefetch = () => void loadContent().catch(() => undefined);

/**
 * A confirmation before an action that cannot be undone from where the user stands (delete a deal,
 * accept an offer): the title, what it applies to, what will happen, and Cancel / Confirm. The
 * caller holds `open`, so that it decides whether a failed action keeps the dialog up. While
 * `busy` the dialog cannot be dismissed and Confirm shows `busyLabel`. The trigger is the caller's
 * button, given the dialog's state as Radix's trigger would give it.
 */
export function ConfirmDialog({ trigger, ...props }: ConfirmDialogProps) {
  const { button, opener, asked } = useLazyDialogTrigger({ trigger, ...props, prefetch });
  return (
    <>
      {button}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialogContent {...props} opener={opener} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A {@link ConfirmDialog} that keeps its own open state and runs `action` on Confirm. When it
 * succeeds the dialog closes, says `done` in a toast and calls `onDone`; when it fails a toast
 * says why (`failed`) and the dialog stays open for another try, or closes with `closeOnFailure`.
 */
export function ConfirmAction({
  action,
  done,
  failed,
  onDone,
  closeOnFailure = false,
  ...dialog
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm'> & {
  action: () => Promise<unknown>;
  done?: string;
  failed: (error: unknown) => string;
  onDone?: () => void;
  closeOnFailure?: boolean;
}) {
  const [open, setOpen] = useState(false);
  async function confirm() {
    try {
      await action();
    } catch (error) {
      if (closeOnFailure) setOpen(false);
      toast({ title: failed(error), variant: 'destructive' });
      return;
    }
    setOpen(false);
    if (done) toast({ title: done });
    onDone?.();
  }
  return <ConfirmDialog {...dialog} open={open} onOpenChange={setOpen} onConfirm={() => void confirm()} />;
}

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  [attribute: string]: unknown;
}

/**
 * The trigger of a dialog whose modal (Radix) loads on first use: the confirmations here and the
 * closing room's dialogs. The caller's button is given the dialog's state as Radix's own trigger
 * would give it; the pointer over it or its focus starts the modal's download, and a press opens
 * it.
 */
export function useLazyDialogTrigger({
  trigger,
  open,
  onOpenChange,
  prefetch,
}: {
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts downloading the modal's code. */
  prefetch: () => void;
}) {
  // The trigger that opened the dialog, for the focus to go back to when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Once asked for, the modal stays mounted (closed), as Radix's own would.
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  const button = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onPointerEnter: prefetch,
        onFocus: prefetch,
        onClick: (event: MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          if (event.defaultPrevented) return;
          setOpener(event.currentTarget);
          onOpenChange(true);
        },
      })
    : trigger;
  return { button, opener, asked };
}

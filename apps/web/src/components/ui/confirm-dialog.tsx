import {
  cloneElement,
  Component,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { ConfirmDialogContentProps } from './confirm-dialog-content';
import { i18n } from '@/lib/i18n';
import { toast } from './use-toast';

export interface ConfirmDialogProps extends Omit<ConfirmDialogContentProps, 'opener'> {
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
}

// The modal (Radix: focus trap, dismissal, scroll lock) is 14 KB that only serves once someone asks
// to confirm: it loads then (the pointer over the trigger or its focus starts the download), not
// with the screens that offer the action, such as every deal page (issue 18's script budget).
const loadContent = () => import('./confirm-dialog-content');
const ConfirmDialogContent = retryableLazy(loadContent);
const prefetch = () => void loadContent().catch(() => undefined);

/**
 * A confirmation before an action that cannot be undone from where the user stands (delete a deal,
 * accept an offer): the title, what it applies to, what will happen, and Cancel / Confirm. The
 * caller holds `open`, so that it decides whether a failed action keeps the dialog up. While
 * `busy` the dialog cannot be dismissed and Confirm shows `busyLabel`. The trigger is the caller's
 * button, given the dialog's state as Radix's trigger would give it.
 */
export function ConfirmDialog({ trigger, ...props }: ConfirmDialogProps) {
  const { button, opener, modal } = useLazyDialogTrigger({
    trigger,
    ...props,
    prefetch,
    retry: ConfirmDialogContent.retry,
  });
  return (
    <>
      {button}
      {modal(<ConfirmDialogContent {...props} opener={opener} />)}
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
  retry,
}: {
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts downloading the modal's code. */
  prefetch: () => void;
  /** The modal's `retryableLazy` retry: a failed download is tried again on the next press. */
  retry: () => void;
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
  /**
   * The modal, once asked for, inside its boundary and Suspense: a modal that cannot be downloaded
   * is said so (PartBoundary), closed with the focus back on its trigger, and asked for afresh
   * next time.
   */
  const modal = (content: ReactNode) =>
    asked ? (
      <PartBoundary
        onFailed={() => {
          retry();
          setAsked(false);
          onOpenChange(false);
          opener?.focus();
        }}
      >
        <Suspense fallback={null}>{content}</Suspense>
      </PartBoundary>
    ) : null;
  return { button, opener, modal };
}

// A part of a screen loaded when first needed (a dialog's modal, a rarer step of a form) may fail
// to download: offline, or a new release has replaced its file. Such a failure must not take the
// whole screen down (the route's error page) nor stick: the part says it could not be opened, the
// screen stays as it was, and the next attempt downloads it again. (Here rather than in a module of
// its own: every screen that opens a lazy dialog loads this one anyway, and a chunk of its own would
// cost each of them a request and its bytes.)

/** A lazily loaded component that can be asked to download again after a failure (`retry`). */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded = lazy(load);
  function Part(props: P) {
    return <Loaded {...props} />;
  }
  Part.retry = () => {
    Loaded = lazy(load);
  };
  return Part;
}

/**
 * Around a lazily loaded part (inside its `Suspense`): when it fails to load or to render, a toast
 * says so (`routeError.partFailed`) and `onFailed` puts the screen back as it was before it was
 * asked for (a dialog closed, a step left).
 */
export class PartBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    toast({ title: i18n.t('routeError.partFailed'), variant: 'destructive' });
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

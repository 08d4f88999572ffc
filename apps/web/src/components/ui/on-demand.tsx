/**
 * Controls of the header (the language select, the account menu, the notification bell) whose
 * full implementation, a Radix select or menu with its positioning, focus and dismissal code, is
 * a fifth of the first load and serves only once someone opens it. Until then a plain button with
 * the same look, role and name stands in: the pointer over it or a focus starts the download, and
 * a press (click, Enter, Space, arrow keys) shows the real control already open, with the focus on
 * it when the stand-in had it.
 */
import { useCallback, useState, type ComponentType, type FocusEvent, type KeyboardEvent } from 'react';

/** What the real control is given when it replaces the stand-in. */
export interface OnDemandProps {
  /** Open at once: the stand-in was pressed. */
  defaultOpen: boolean;
  /** Take the focus at once: the stand-in had it. */
  autoFocus: boolean;
}

type Loader<P> = () => Promise<{ default: ComponentType<P & OnDemandProps> }>;

const started = new WeakMap<Loader<never>, Promise<unknown>>();

function fetchOnce<P>(load: Loader<P>) {
  let promise = started.get(load as Loader<never>) as ReturnType<Loader<P>> | undefined;
  if (!promise) {
    promise = load();
    started.set(load as Loader<never>, promise);
    // A failed download (offline) is tried again on the next sign of intent.
    promise.catch(() => started.delete(load as Loader<never>));
  }
  return promise;
}

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp']);

export function useOnDemand<P>(load: Loader<P>) {
  const [loaded, setLoaded] = useState<{
    Control: ComponentType<P & OnDemandProps>;
    defaultOpen: boolean;
    autoFocus: boolean;
  } | null>(null);

  const prefetch = useCallback(() => {
    void fetchOnce(load).catch(() => undefined);
  }, [load]);

  const activate = useCallback(
    (hadFocus: boolean) => {
      void fetchOnce(load).then(
        (module) => setLoaded({ Control: module.default, defaultOpen: true, autoFocus: hadFocus }),
        () => undefined,
      );
    },
    [load],
  );

  /** Props of the stand-in button. */
  const standInProps = {
    type: 'button' as const,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: (_event: FocusEvent<HTMLButtonElement>) => prefetch(),
    onClick: (event: { currentTarget: HTMLButtonElement }) =>
      activate(document.activeElement === event.currentTarget),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      activate(true);
    },
  };

  return { loaded, standInProps };
}

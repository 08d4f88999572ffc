/**
 * The toasts of the app (shell §2). The region itself (Radix Toast: timers, swipe, focus and
 * announcement code) loads with the first toast, or with the first press of the hotkey, which it
 * then answers (toast-loader.ts); until then nothing of it is on the page or in the first load.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { loadedToastRegion, loadToastRegion, subscribeToastRegion } from './toast-loader';
import { useToasts } from './use-toast';

export function Toaster() {
  const needed = useToasts().length > 0;
  const loaded = useSyncExternalStore(subscribeToastRegion, loadedToastRegion, () => null);

  useEffect(() => {
    if (needed) loadToastRegion();
  }, [needed]);

  return loaded ? <loaded.Region /> : null;
}

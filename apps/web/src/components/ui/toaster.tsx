/**
 * The toasts of the app (shell §2). The region itself (Radix Toast: timers, swipe, focus and
 * announcement code) loads with the first toast, or with the first press of the hotkey, which it
 * then answers; until then nothing of it is on the page or in the first load.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { TOAST_HOTKEY } from '@dealclub/shared/constants';
import { useToasts } from './use-toast';

type Region = ComponentType<{ focusOnMount: boolean }>;

const loadRegion = () => import('./toast-region');

export function Toaster() {
  const needed = useToasts().length > 0;
  const [region, setRegion] = useState<{ Region: Region; focusOnMount: boolean } | null>(null);

  useEffect(() => {
    if (!needed || region) return;
    void loadRegion().then((module) =>
      setRegion((loaded) => loaded ?? { Region: module.default, focusOnMount: false }),
    );
  }, [needed, region]);

  useEffect(() => {
    if (region) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(TOAST_HOTKEY as readonly string[]).includes(event.code)) return;
      void loadRegion().then((module) => setRegion({ Region: module.default, focusOnMount: true }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [region]);

  return region ? <region.Region focusOnMount={region.focusOnMount} /> : null;
}

/**
 * Loads the toast region (toast-region.tsx) with the first toast or the first press of the hotkey,
 * whichever comes first. The hotkey is heard from the moment this module runs — before React has
 * rendered or run any effect — so a press made as soon as the page shows is never lost; the region
 * then takes the focus when it mounts (toast-focus.ts). Once the region is on the page, Radix
 * answers the hotkey.
 */
import type { ComponentType } from 'react';
import { TOAST_HOTKEY } from '@dealclub/shared/constants';
import { requestToastFocus, toastRegionMounted } from './toast-focus';

export type LoadedToastRegion = { Region: ComponentType };

let loaded: LoadedToastRegion | null = null;
let loading: Promise<void> | null = null;
const subscribers = new Set<() => void>();

export function loadToastRegion(): void {
  loading ??= import('./toast-region').then(
    (module) => {
      loaded = { Region: module.default };
      for (const notify of subscribers) notify();
    },
    () => {
      // Not loaded (a dropped connection, a new deploy): the next toast or press tries again.
      loading = null;
    },
  );
}

export function subscribeToastRegion(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

export function loadedToastRegion(): LoadedToastRegion | null {
  return loaded;
}

function onKey(event: KeyboardEvent): void {
  if (toastRegionMounted() || !(TOAST_HOTKEY as readonly string[]).includes(event.code)) return;
  requestToastFocus();
  loadToastRegion();
}

if (typeof window !== 'undefined') window.addEventListener('keydown', onKey);

/**
 * The US map, loaded on demand: a screen renders `<LazyUsMap …/>` and its code arrives in a chunk of
 * its own and the states' paths in a file of their own while a placeholder of the map's size shows.
 */
import { lazy, Suspense } from 'react';
import type { UsMapProps } from './us-map';

const loadUsMap = () => import('./us-map');
const UsMap = lazy(loadUsMap);

/**
 * Starts downloading the map's code and the atlas, and starts the worker that places many points (a
 * screen calls it before its data arrives).
 */
export function preloadUsMap() {
  loadUsMap().then(
    (m) => {
      m.startPointPlacer();
      return m.loadUsShapes().catch(() => undefined);
    },
    () => undefined,
  );
}

export function MapPlaceholder({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`aspect-[975/610] w-full animate-pulse rounded-xl border border-slate-200 bg-slate-100 ${className ?? ''}`}
    />
  );
}

export function LazyUsMap(props: UsMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder className={props.className} />}>
      <UsMap {...props} />
    </Suspense>
  );
}

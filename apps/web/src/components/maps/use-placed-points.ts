/**
 * A map's points placed and ordered (place-points.ts): in a worker for many (issue 32: the buyer
 * map's projection and point packing off the main thread), on the spot for a few. The worker is
 * started once (by a screen expecting many points, or by the first large map) and kept for the
 * visit; where it cannot run (no `Worker`, its script refused or failing), the points are placed on
 * the spot instead.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MapPoint, PlacedPoint as Placed } from './map-point';
import { placePoints, type PlacedArrays, type PlaceRequest } from './place-points';
import type { WorkerRequest } from './place-points.worker';

/**
 * From how many points they are placed in the worker. A map of a few (the public ZIP page's, the
 * owners' club, a deal's neighbourhood) places them on the spot rather than start a thread for
 * microseconds of work.
 */
export const WORKER_POINTS = 100;

const NONE: Placed[] = [];

/** The worker; null once it is known not to run here. */
let worker: Worker | null | undefined;
let lastId = 0;
const waiting = new Map<number, (placed: PlacedArrays | null) => void>();

/**
 * The worker, started on first use; a map screen starts it while its data downloads
 * (`preloadUsMap`), so that the points are placed at once when the data comes.
 */
export function placer(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') {
    worker = null;
    return worker;
  }
  try {
    worker = new Worker(new URL('./place-points.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
    return worker;
  }
  worker.onmessage = ({ data }: MessageEvent<PlacedArrays & { id: number }>) => {
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  };
  // A worker that cannot load or throws: every request waiting is placed on the spot, and the
  // next ones too.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  return worker;
}

function requestOf(points: readonly MapPoint[]): PlaceRequest {
  const lat = new Float64Array(points.length);
  const lng = new Float64Array(points.length);
  const radius = new Float64Array(points.length);
  points.forEach((point, i) => {
    lat[i] = point.lat;
    lng[i] = point.lng;
    radius[i] = point.radius;
  });
  return { lat, lng, radius };
}

/** Places the points in the worker; null when it cannot (the caller places them itself). */
function placeInWorker(points: readonly MapPoint[]): Promise<PlacedArrays | null> {
  const target = placer();
  if (!target) return Promise.resolve(null);
  const id = ++lastId;
  const request: WorkerRequest = { id, ...requestOf(points) };
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    target.postMessage(request, [request.lat.buffer, request.lng.buffer, request.radius.buffer]);
  });
}

function toPlaced(points: readonly MapPoint[], { order, x, y }: PlacedArrays): Placed[] {
  const placed = new Array<Placed>(order.length);
  for (let k = 0; k < order.length; k++) placed[k] = { point: points[order[k]!]!, x: x[k]!, y: y[k]! };
  return placed;
}

/** Places the points on the spot (a few, or no worker). */
export function placeHere(points: readonly MapPoint[]): Placed[] {
  return toPlaced(points, placePoints(requestOf(points)));
}

/**
 * The points placed, largest first. Many points are placed in the worker: until its answer comes,
 * the map keeps the points it drew before (none at first), so that it never blocks on them.
 */
export function usePlacedPoints(points: readonly MapPoint[]): Placed[] {
  const inWorker = points.length >= WORKER_POINTS && typeof Worker !== 'undefined';
  const here = useMemo(() => (inWorker ? null : placeHere(points)), [points, inWorker]);
  const [fromWorker, setFromWorker] = useState<Placed[]>(NONE);
  // A few points placed on the spot: the worker's last answer is of points no longer shown, and
  // must not come back while the next many are placed.
  if (!inWorker && fromWorker !== NONE) setFromWorker(NONE);
  useEffect(() => {
    if (!inWorker) return;
    let live = true;
    void placeInWorker(points).then((arrays) => {
      if (live) setFromWorker(arrays ? toPlaced(points, arrays) : placeHere(points));
    });
    return () => {
      live = false;
    };
  }, [points, inWorker]);
  return here ?? fromWorker;
}

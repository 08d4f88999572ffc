/**
 * The worker that places a large map's points off the main thread (use-placed-points.ts): it
 * answers each request with its id and the typed arrays of `placePoints`, transferred, not copied.
 */
import { placePoints, type PlaceRequest } from './place-points';

export interface WorkerRequest extends PlaceRequest {
  id: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: unknown, transfer: Transferable[]) => void;
};

scope.onmessage = ({ data }) => {
  const placed = placePoints(data);
  scope.postMessage({ id: data.id, ...placed }, [placed.order.buffer, placed.x.buffer, placed.y.buffer]);
};

import { SizedLru } from './sized-lru';

/**
 * Answers computed from the buyers' data, kept per key while that data does not change: each entry
 * carries the data version it was computed at and is used only at that version, and at most
 * `maxAgeMs` (a backstop for what the version does not see). Concurrent misses of one key and
 * version share one computation, so a change followed by fifty requests costs one query, not fifty.
 * Bounded by the total size of its entries; the least recently used go first.
 */
export class VersionedCache<T> {
  private readonly entries: SizedLru<{ version: string; value: T; at: number }>;
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(
    private readonly options: { maxBytes: number; maxAgeMs: number; sizeOf: (value: T) => number },
  ) {
    this.entries = new SizedLru({ maxSize: options.maxBytes });
  }

  async get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.options.maxAgeMs) return hit.value;
    const flightKey = `${version}\u0000${key}`;
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      flight = compute()
        .then((value) => {
          this.store(key, version, value, now);
          return value;
        })
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
    }
    return flight;
  }

  /** Every entry gone (the data changed in this process). */
  clear(): void {
    this.entries.clear();
  }

  private store(key: string, version: string, value: T, at: number) {
    this.entries.set(key, { version, value, at }, this.options.sizeOf(value));
  }
}

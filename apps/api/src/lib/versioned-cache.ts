/**
 * Answers computed from the buyers' data, kept per key while that data does not change: each entry
 * carries the data version it was computed at and is used only at that version, and at most
 * `maxAgeMs` (a backstop for what the version does not see). Concurrent misses of one key and
 * version share one computation, so a change followed by fifty requests costs one query, not fifty.
 * Bounded by the total size of its entries; the least recently used go first.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T; size: number; at: number }>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly options: { maxBytes: number; maxAgeMs: number; sizeOf: (value: T) => number },
  ) {}

  async get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.options.maxAgeMs) {
      // Most recently used last: the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
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
    this.bytes = 0;
  }

  private store(key: string, version: string, value: T, at: number) {
    const size = this.options.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    if (size > this.options.maxBytes) return;
    this.entries.set(key, { version, value, size, at });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }
}

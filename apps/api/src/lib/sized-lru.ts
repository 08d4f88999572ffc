/**
 * Values by key, bounded by the total of their sizes and, if given, by their number: the least
 * recently read or written go first. A value larger than the whole bound is not kept. The one
 * eviction rule of the API's in-process caches (`VersionedCache`, the Markdown trees).
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(private readonly limits: { maxSize: number; maxEntries?: number }) {}

  /** The value, now the most recently used; undefined when not kept. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.limits.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    const maxEntries = this.limits.maxEntries ?? Infinity;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limits.maxSize && this.entries.size <= maxEntries) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** How many values are kept. */
  get count(): number {
    return this.entries.size;
  }
}

/**
 * A map bounded by the total size of its values: least recently used entries go first
 * when a new one would pass the budget, so memory stays flat under any traffic.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-insert: a Map iterates in insertion order, so the first entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Stores the value unless it alone is larger than the whole budget. */
  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.total -= this.sizeOf(previous);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.total += size;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(old);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

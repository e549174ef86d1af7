/**
 * Everything the server keeps besides the snapshot shares one budget (`CACHE_MAX_MB`):
 * replayable answers with their compressed variants, and query memos. `lru-cache`
 * enforces it: when a new entry would pass the budget, the least recently used go first,
 * so memory stays bounded whatever the traffic. Keys are namespaced by their users
 * (`search ...`, `http ...`); a value's size is what its user says it holds, in bytes.
 */
import { LRUCache } from "lru-cache";

/** What a query may remember between requests: owned by the server, passed in explicitly. */
export interface Memo {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, bytes: number): void;
}

interface Entry {
  value: unknown;
  bytes: number;
}

/**
 * What typed arrays keep alive: their whole buffers, not their views' lengths (a
 * `subarray` of a large scratch array holds all of it).
 */
export function heldBytes(...views: ArrayBufferView[]): number {
  return views.reduce((sum, view) => sum + view.buffer.byteLength, 0);
}

/** What an entry costs besides its value: the key, the entry and the cache's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 160;

export const DEFAULT_CACHE_MAX_MB = 64;

export class MemoryBudget implements Memo {
  private readonly entries: LRUCache<string, Entry>;

  constructor(readonly maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES,
    });
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /**
   * An entry larger than the whole budget is not kept (the next request computes it again).
   * `bytes` may be an estimate with a fraction: the cache counts whole bytes.
   */
  set(key: string, value: unknown, bytes: number): void {
    this.entries.set(key, { value, bytes: Math.ceil(Math.max(0, bytes)) });
  }

  /** Bytes held now, by the sizes entries declared. */
  get usedBytes(): number {
    return this.entries.calculatedSize;
  }

  clear(): void {
    this.entries.clear();
  }
}

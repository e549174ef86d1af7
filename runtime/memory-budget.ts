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
  /**
   * Whether `key` was asked for before: true once, on its second ask; the first only notes
   * it. Users keep what is asked for a second time ("cache on second hit"): most of what a
   * front end sends, a search as it is typed or a page of a filter, is asked for once, and
   * keeping it would push out what is asked for again and cost each such request a copy.
   */
  askedBefore(key: string): boolean;
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

/** Room for the keys asked for once, beside the budget: 1 MiB of them, the oldest forgotten first. */
const ASKED_ONCE_BYTES = 2 ** 20;

export const DEFAULT_CACHE_MAX_MB = 64;

export class MemoryBudget implements Memo {
  private readonly entries: LRUCache<string, Entry>;
  private readonly askedOnce = new LRUCache<string, true>({
    maxSize: ASKED_ONCE_BYTES,
    sizeCalculation: (_value, key) => key.length * 2 + 64,
  });

  /** `onEvict` hears of each entry pushed out to make room (the metrics count them). */
  constructor(
    readonly maxBytes: number,
    onEvict?: () => void,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      dispose: (_entry, _key, reason) => {
        if (reason === "evict") onEvict?.();
      },
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

  askedBefore(key: string): boolean {
    if (this.askedOnce.delete(key)) return true;
    this.askedOnce.set(key, true);
    return false;
  }

  /** Bytes held now, by the sizes entries declared. */
  get usedBytes(): number {
    return this.entries.calculatedSize;
  }

  clear(): void {
    this.entries.clear();
    this.askedOnce.clear();
  }
}

/**
 * The working memory of one query: a score per item and a few bitsets, each as large as the
 * collection. Allocating them for every query would cost more than most queries, so each
 * loaded index owns a pool of them. A query borrows one through `use`, which clears it in
 * `finally`: whatever the query does, returns or throws, the next one starts clean.
 */
import { type Bits, emptyBits } from "./bits.ts";

export interface Scratch {
  /** The positions the word being scored has reached. */
  wordBits: Bits;
  /**
   * The query's matches as they are worked out: the positions every required word that
   * matches anything has reached (or, when none are, those matching the most words).
   */
  everyWord: Bits;
  /** Per position, the query's packed score so far (search-scoring.ts: packScore). */
  score: Uint32Array;
  /** The positions whose score was added to. */
  touched: Bits;
  /** How many times a score was added to since the last clear: what decides how to clear. */
  reached: number;
}

function emptyScratch(size: number): Scratch {
  return {
    wordBits: emptyBits(size),
    everyWord: emptyBits(size),
    score: new Uint32Array(size),
    touched: emptyBits(size),
    reached: 0,
  };
}

/** Scratch spaces for one collection's queries: one is enough while queries run one at a time. */
export class ScratchPool {
  private readonly free: Scratch[] = [];

  constructor(private readonly size: number) {}

  /** Runs `query` with a clean scratch space and clears it after, even when `query` throws. */
  use<T>(query: (scratch: Scratch) => T): T {
    const scratch = this.free.pop() ?? emptyScratch(this.size);
    try {
      return query(scratch);
    } finally {
      clearScratch(scratch);
      this.free.push(scratch);
    }
  }
}

/**
 * Leaves a scratch space clean: the scores of the touched positions one by one when few
 * were reached, else all of them at once (a fill is far cheaper per position than a walk
 * over the touched bits). `wordBits` is cleared by each word that uses it.
 */
export function clearScratch(scratch: Scratch): void {
  const { score, touched, everyWord } = scratch;
  everyWord.fill(0);
  if (scratch.reached * 16 >= score.length) {
    score.fill(0);
    touched.fill(0);
  } else {
    for (let block = 0; block < touched.length; block++) {
      let bits = touched[block];
      if (bits === 0) continue;
      touched[block] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        score[(block << 5) + 31 - Math.clz32(low)] = 0;
        bits ^= low;
      }
    }
  }
  scratch.reached = 0;
}

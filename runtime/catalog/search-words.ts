/**
 * A query's words, and the vocabulary words each may mean.
 *
 * A query is split at white space and each piece encoded as the index encoded the texts
 * (core/search-index.ts), so `J-Bay` gives `j` and `bay`. Every word must match except
 * the small words (STOP_WORDS: `in`, `the`, `surf`...), which add points when found but
 * never decide a result, unless the query has nothing else. The last word may also be the
 * start of a longer one (the person is still typing it).
 *
 * Each word's candidates are the vocabulary words it may mean (itself, its completions,
 * plurals and words a typo or two away: vocabulary.ts); two adjacent words also stand for
 * their joined form (`cloud break` finds Cloudbreak), which counts for both.
 */
import { queryTerms } from "../../core/search-index.ts";
import { type Candidate, candidates, type VocabularyIndex } from "./vocabulary.ts";

/** Words that never decide a result: they add points when found, nothing when not. */
export const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "at",
  "best",
  "for",
  "in",
  "near",
  "of",
  "on",
  "spot",
  "spots",
  "surf",
  "surfing",
  "the",
  "to",
  "wave",
  "waves",
  "where",
  "with",
]);
/** Words of a query beyond this many are not searched (a query is at most 200 characters anyway). */
export const MAX_WORDS = 12;
/** Candidate words looked up per query word. */
const CANDIDATES_PER_WORD = 32;

export interface QueryWord {
  term: string;
  /** Letters and digits the person typed for it (doubled letters included), which set the typos allowed. */
  typed: number;
  required: boolean;
}

/**
 * The letters and digits of a piece of a query, doubled letters included: what the typos
 * allowed are counted on, so that punctuation (`jeffries.`, `pe'ahi`) or an accent written
 * as a separate mark never earns a word a typo.
 */
function typedLength(token: string): number {
  return token.replace(/[^\p{L}\p{N}]/gu, "").length;
}

/** A query's words as the index sees them, each with its typed length and whether it must match. */
export function queryWords(q: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const token of q.split(/\s+/)) {
    const terms = queryTerms(token);
    for (const term of terms)
      words.push({ term, typed: terms.length === 1 ? typedLength(token) : term.length, required: true });
  }
  const kept = words.slice(0, MAX_WORDS);
  if (kept.some((word) => !STOP_WORDS.has(word.term))) {
    for (const word of kept) word.required = !STOP_WORDS.has(word.term);
  }
  return kept;
}

/**
 * The memo key of a query: its words, all but the last in sorted order (matching does not
 * depend on their order; only the last is also a prefix).
 */
export function searchKey(collection: string, words: QueryWord[]): string {
  const terms = words.map((word) => `${word.term}/${word.typed}`);
  return `search ${collection} ${[...terms.slice(0, -1)].sort().join(" ")} ${terms.at(-1)}`;
}

/** The candidates of each query word, joined neighbours included (`cloud` + `break` → `cloudbreak`). */
export function wordCandidates(vocabulary: VocabularyIndex, words: QueryWord[]): Candidate[][] {
  const own = words.map((word, i) =>
    candidates(vocabulary, word.term, word.typed, i === words.length - 1, CANDIDATES_PER_WORD),
  );
  const all = own.map((list) => [...list]);
  for (let i = 0; i + 1 < words.length; i++) {
    const [joined] = queryTerms(words[i].term + words[i + 1].term);
    if (!joined) continue;
    const typed = words[i].typed + words[i + 1].typed;
    const asPrefix = i + 1 === words.length - 1;
    // Joined words are matched exactly (or, last, as a prefix): a typo across two words is a guess too far.
    const found = candidates(vocabulary, joined, typed, asPrefix, 4, false).filter(
      (candidate) => candidate.kind !== "stem",
    );
    // A joined pair stands for both words: an item holding it matches each of them.
    all[i].push(...found);
    all[i + 1].push(...found);
  }
  return all;
}

/**
 * Scoring a query's words into a scratch space (search-scratch.ts): per item, how many
 * required words it matches, with how many typos, and how many points (the fields the words
 * were found in: name, then place, then tags, then summary; an exact word before a plural
 * before a completion).
 *
 * A query word's finds (each candidate word in each field that holds it) are taken best
 * first, so a position is scored once per word, when first reached, with its best find. A
 * common word (held by 1 item in 32 or more) is kept as a bitset at load: the positions a
 * better find already reached cost a word operation per 32, not a step per posting.
 *
 * Most queries have items matching every required word (leaving out words no item holds),
 * and then only those are the answer. So the words are taken fewest items first, and each
 * later word is scored only on the items every earlier word reached (scoreNarrowing): `mea
 * reef` scores the few hundred items holding `mea`, not the tens of thousands holding
 * `reef`. When the words have no item in common, every item reached is scored and those
 * matching the most words are the answer (scoreEveryReached).
 */
import type { Postings, SearchField } from "../../core/search-index.ts";
import { itemsHolding, SEARCH_FIELDS } from "../../core/search-index.ts";
import { andInto, type Bits, hasNoBits } from "./bits.ts";
import { clearScratch, type Scratch } from "./search-scratch.ts";
import type { QueryWord } from "./search-words.ts";
import type { Candidate } from "./vocabulary.ts";

/** Points of a word found in each field (decisions.md: name, then region and country, then tags, then summary). */
export const FIELD_POINTS: Record<SearchField, number> = { name: 8, pairs: 8, place: 4, tags: 2, summary: 1 };
/** Multipliers by how the word was reached: the word itself beats its plural, which beats a completion. */
export const KIND_FACTOR: Record<Candidate["kind"], number> = { exact: 10, typo: 10, stem: 9, prefix: 8 };

/**
 * A position's score over the whole query, packed in one number so that a word adds to one
 * array instead of three: words matched from bit 20, typos from bit 12, points in bits 0-11.
 * No field can overflow into the next: a query has at most MAX_WORDS (12) words, each with
 * at most 2 typos (allowedEdits) and 80 points (FIELD_POINTS × KIND_FACTOR), so at most
 * 12 < 2^12 matched, 24 < 2^8 typos and 960 < 2^12 points (a test checks these bounds).
 */
export function packScore(matched: number, typos: number, points: number): number {
  return matched * SCORE_MATCHED + typos * SCORE_TYPOS + points;
}
const SCORE_MATCHED = 2 ** 20;
const SCORE_TYPOS = 2 ** 12;
/** The largest typos and points a packed score can hold. */
export const SCORE_LIMITS = { typos: 255, points: 4095 };

export function matchedOf(score: number): number {
  return score >>> 20;
}

export function typosOf(score: number): number {
  return (score >>> 12) & 255;
}

export function pointsOf(score: number): number {
  return score & 4095;
}

/** One place a query word was found: a candidate word in one field, its postings, and how good a find it is. */
export interface Find {
  /** The postings as a bitset for a common word, else as positions. */
  bits?: Bits;
  held?: Int32Array;
  /** How many items hold it. */
  size: number;
  typos: number;
  points: number;
}

/** The finds of each query word's candidates, each word's best first. */
export function wordFinds(postings: Postings, common: Map<string, Bits>[], candidatesOfWords: Candidate[][]): Find[][] {
  return candidatesOfWords.map((list) => finds(postings, common, list));
}

/**
 * A word's finds, best first (fewer typos, then more points): a position takes the first
 * find that reaches it, which is its best. Only the fields that hold a candidate word are finds.
 */
function finds(postings: Postings, common: Map<string, Bits>[], list: Candidate[]): Find[] {
  const found: Find[] = [];
  for (const candidate of list) {
    const factor = KIND_FACTOR[candidate.kind];
    SEARCH_FIELDS.forEach((field, f) => {
      const held = itemsHolding(postings.fields[f], candidate.word);
      if (!held) return;
      const typos = candidate.edits;
      const points = FIELD_POINTS[field] * factor;
      const bits = common[f].get(candidate.word);
      found.push(bits ? { bits, size: held.length, typos, points } : { held, size: held.length, typos, points });
    });
  }
  return found.sort((a, b) => a.typos - b.typos || b.points - a.points);
}

/** At most as many items as a word's finds hold together: the order in which words narrow the query. */
const heldBy = (found: Find[]) => found.reduce((sum, find) => sum + find.size, 0);

/**
 * Scores the query when some items (of `within`) match every required word that matches
 * anything: words fewest items first, each scored only within the items all earlier ones
 * reached, the small words last. Those items are left in `everyWord`, and true returned.
 * False, the scratch space left clean, when the words have no item (of `within`) in common.
 */
export function scoreNarrowing(scratch: Scratch, words: QueryWord[], found: Find[][], within: Bits): boolean {
  const required = [...words.keys()].filter((i) => words[i].required && found[i].length > 0);
  if (required.length === 0) return false;
  required.sort((a, b) => heldBy(found[a]) - heldBy(found[b]));
  for (const [k, i] of required.entries()) {
    scoreWord(scratch, found[i], true, k === 0 ? within : scratch.everyWord);
    if (k === 0) scratch.everyWord.set(scratch.wordBits);
    else andInto(scratch.everyWord, scratch.wordBits);
    if (hasNoBits(scratch.everyWord)) {
      clearScratch(scratch);
      return false;
    }
  }
  words.forEach((word, i) => {
    if (!word.required) scoreWord(scratch, found[i], false, scratch.everyWord);
  });
  return true;
}

/**
 * Scores every item each word reaches (of `every`, all positions), and leaves in `everyWord`
 * those matching the most required words: what a query answers when no item matches them all.
 * Returns whether the answer is relaxed: it has items, and they miss some required word.
 */
export function scoreEveryReached(scratch: Scratch, words: QueryWord[], found: Find[][], every: Bits): boolean {
  const required = words.filter((word) => word.required).length;
  found.forEach((wordFinds, i) => {
    scoreWord(scratch, wordFinds, words[i].required, every);
  });
  const most = keepMostMatched(scratch, required);
  return most > 0 && most < required;
}

/**
 * Whether a required word matches nothing at all: scoreNarrowing leaves it out, so the
 * items it answers match every word but that one (the answer is relaxed).
 */
export function missesAWord(words: QueryWord[], found: Find[][]): boolean {
  return words.some((word, i) => word.required && found[i].length === 0);
}

/**
 * Adds one query word to the score of each position `within` that it reaches, with its best
 * find there. A small word adds its points when found; only a required word counts as
 * matched, with its typos. Leaves the word's positions (within) in `wordBits`.
 */
function scoreWord(scratch: Scratch, found: Find[], isRequired: boolean, within: Bits): void {
  scratch.wordBits.fill(0);
  for (const { bits, held, typos, points } of found) {
    const added = isRequired ? packScore(1, typos, points) : packScore(0, 0, points);
    if (bits) scratch.reached += addBits(scratch, bits, within, added);
    if (held) scratch.reached += addPostings(scratch, held, within, added);
  }
}

/**
 * Adds `added` to the positions (within) of a common word the query word has not reached
 * yet. The positions already reached, or outside, cost a word operation per 32 of them.
 * Returns how many were new.
 */
function addBits(scratch: Scratch, bits: Bits, within: Bits, added: number): number {
  const { wordBits, touched, score } = scratch;
  let count = 0;
  for (let block = 0; block < bits.length; block++) {
    let fresh = bits[block] & within[block] & ~wordBits[block];
    if (fresh === 0) continue;
    wordBits[block] |= fresh;
    touched[block] |= fresh;
    while (fresh !== 0) {
      const low = fresh & -fresh;
      score[(block << 5) + 31 - Math.clz32(low)] += added;
      fresh ^= low;
      count++;
    }
  }
  return count;
}

/** The same for a word's positions (a function of its own, so the engine keeps this hot loop monomorphic). */
function addPostings(scratch: Scratch, postings: Int32Array, within: Bits, added: number): number {
  const { wordBits, touched, score } = scratch;
  let count = 0;
  for (let j = 0; j < postings.length; j++) {
    const position = postings[j];
    const block = position >>> 5;
    const bit = 1 << (position & 31);
    if ((wordBits[block] & bit) !== 0 || (within[block] & bit) === 0) continue;
    wordBits[block] |= bit;
    touched[block] |= bit;
    score[position] += added;
    count++;
  }
  return count;
}

/**
 * When no item matches all the required words that match anything: the touched positions
 * matching the most words (at least one that is not a small word) become the matches.
 * Returns that most (0 when no position matched a required word).
 */
function keepMostMatched(scratch: Scratch, required: number): number {
  const { score, touched, everyWord } = scratch;
  let most = 0;
  for (let block = 0; block < touched.length; block++) {
    for (let bits = touched[block]; bits !== 0; bits &= bits - 1) {
      const matched = matchedOf(score[(block << 5) + 31 - Math.clz32(bits & -bits)]);
      if (matched > most) most = matched;
    }
  }
  const needed = Math.max(1, Math.min(required, most));
  for (let block = 0; block < touched.length; block++) {
    let kept = 0;
    for (let bits = touched[block]; bits !== 0; bits &= bits - 1) {
      const low = bits & -bits;
      if (matchedOf(score[(block << 5) + 31 - Math.clz32(low)]) >= needed) kept |= low;
    }
    everyWord[block] = kept;
  }
  return most;
}

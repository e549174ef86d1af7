/**
 * Folding of user-visible text into comparison keys, shared by the build (which
 * stores the keys) and the runtime (which folds query values the same way).
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Latin letters that carry their mark inside the letter (Unicode does not decompose them),
 * as people type them without it: Klitmøller → klitmoller, Łódź → lodz, Þórsmörk → thorsmork.
 */
const LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
const INSIDE_MARKED = /[øæœßłđðþı]/g;

/** Apostrophe-like marks, the Hawaiian ʻokina among them: all read as the same apostrophe. */
export const APOSTROPHES = /['’‘ʼʻ`´]/g;

/** Lowercase text with the letters above replaced by what people type for them. */
export function foldLetters(lowercase: string): string {
  return lowercase.replace(INSIDE_MARKED, (letter) => LETTERS[letter]);
}

/** Printable ASCII but the backtick, and white space: text that folding changes only in case and surrounding space. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x5f\x61-\x7e]*$/;

/** Lowercase, strip accents and surrounding space: `Baja California Sur ` → `baja california sur`. */
export function foldKey(value: string): string {
  // Most values are plain ASCII (filter values, codes, words as typed): NFKD, the marks and
  // the letters would leave them as they are, and cost a microsecond a value.
  if (PLAIN_ASCII.test(value)) return value.toLowerCase().trim();
  return foldLetters(value.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase())
    .replace(APOSTROPHES, "'")
    .trim();
}

/** A text's folded words, split at spaces, hyphens and punctuation: `Left-Handers,` → `left`, `handers`. */
export function foldWords(text: string): string[] {
  return foldKey(text)
    .split(/[\s\-\u2013\u2014,.;:!?()/"]+/)
    .filter((word) => word !== "");
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Accent-insensitive English collation, the order of names in every list. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Plain code-point order, for tie-breakers that must never depend on locale data. */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Folding of user-visible text into comparison keys, shared by the build (which
 * stores the keys) and the runtime (which folds query values the same way).
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lowercase, strip accents and surrounding space: `Baja California Sur ` → `baja california sur`. */
export function foldKey(value: string): string {
  return value.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase().trim();
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

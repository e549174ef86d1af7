/** "Did you mean" suggestions for misspelt names (query parameters, columns, slugs). */

/** Levenshtein distance, small strings only (names of columns and parameters). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate closest to `input`, when it is close enough to be a plausible typo:
 * at most a third of the input's length away (and at least 1, at most 3 edits).
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  const allowed = Math.min(3, Math.max(1, Math.floor(needle.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= allowed ? best : undefined;
}

/** `; did you mean 'wave_type'?` or an empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const suggestion = closest(input, candidates);
  return suggestion === undefined ? "" : `; did you mean '${suggestion}'?`;
}

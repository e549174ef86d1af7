/**
 * Months as the `month` filter names them (`jan`…`dec`), and a spot's `best_months` range
 * (`Nov-Feb`, three-letter English months as content/README.md asks) as the months it
 * covers. A range runs forward through the calendar and wraps the year: `Nov-Feb` covers
 * November, December, January and February; a single month (`Jul`) covers itself.
 */
export const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;
export type Month = (typeof MONTHS)[number];

const RANGE = /^([A-Za-z]{3})(?:-([A-Za-z]{3}))?$/;

/** The month a three-letter name stands for (any case), as its index (0 for January), or -1. */
function monthIndex(name: string): number {
  return MONTHS.indexOf(name.toLowerCase() as Month);
}

/** The months a `best_months` range covers, in calendar order from its start; null when it is not a range. */
export function monthsOfRange(range: string): Month[] | null {
  const match = RANGE.exec(range);
  if (!match) return null;
  const first = monthIndex(match[1]);
  const last = match[2] === undefined ? first : monthIndex(match[2]);
  if (first === -1 || last === -1) return null;
  const covered: Month[] = [];
  for (let month = first; ; month = (month + 1) % 12) {
    covered.push(MONTHS[month]);
    if (month === last) return covered;
  }
}

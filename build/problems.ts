/**
 * Problems found in the content. The build collects every one of them before it
 * gives up, so an editor fixes a whole batch in one go.
 */

/** Where a value came from: a file (as shown to the editor) and a 1-based line. */
export interface Place {
  file: string;
  line: number;
}

export interface Problem extends Place {
  message: string;
}

export class Problems {
  readonly list: Problem[] = [];

  add(place: Place, message: string): void {
    this.list.push({ file: place.file, line: place.line, message });
  }

  get count(): number {
    return this.list.length;
  }

  /** In file order, then line order, so the output reads top to bottom. */
  sorted(): Problem[] {
    return [...this.list].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  }
}

/** `content/spots.csv:42: latitude 123.4 is out of range [-90, 90]` */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.message}`;
}

/**
 * The same problem as a GitHub Actions workflow command, which the pull request shows
 * as an annotation on the file and line (`%`, CR and LF escaped as the runner expects).
 */
export function formatAnnotation(problem: Problem): string {
  const encode = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const file = encode(problem.file).replace(/,/g, "%2C").replace(/:/g, "%3A");
  return `::error file=${file},line=${problem.line}::${encode(problem.message)}`;
}

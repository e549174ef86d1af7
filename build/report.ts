/** Printing content problems for a person (file:line lines) and, in GitHub Actions, as annotations. */
import { formatAnnotation, formatProblem, type Problem } from "./problems.ts";

/** Every problem, then one line saying how many and what happens now (`what`). */
export function printProblems(problems: Problem[], contentDir: string, what: string): void {
  for (const problem of problems) console.error(formatProblem(problem));
  // In GitHub Actions, each problem also becomes an annotation on its file and line.
  if (process.env.GITHUB_ACTIONS === "true") for (const problem of problems) console.log(formatAnnotation(problem));
  const noun = problems.length === 1 ? "problem" : "problems";
  console.error(`\n${problems.length} ${noun} in ${contentDir}/; ${what}`);
}

/** A catalog compiled in memory from a content fixture folder, for tests that need odd content. */
import { compileSnapshot } from "../../build/compile/snapshot.ts";
import { checkContentDir } from "../../build/pipeline.ts";
import { formatProblem } from "../../build/problems.ts";
import { type Catalog, hydrate } from "../../runtime/snapshot.ts";

export async function catalogFrom(contentDir: string, mediaBaseUrl = "https://media.test.example"): Promise<Catalog> {
  const { content, problems } = checkContentDir(contentDir);
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join("\n"));
  // Through JSON, as the server would read it from disk.
  const pieces: Buffer[] = [];
  const { json } = await compileSnapshot(content, mediaBaseUrl, new Date(), { write: (chunk) => pieces.push(chunk) });
  return hydrate(JSON.parse(json), () => Buffer.concat(pieces));
}

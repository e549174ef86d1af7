/**
 * `npm run search-quality`: the surfers' queries (queries.ts) against the built catalog
 * (dist/snapshot.json, or SNAPSHOT_PATH): each miss with what came back instead, then the
 * share satisfied. Exits 1 below 95%, the target.
 */
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { evaluate } from "./evaluate.ts";

const TARGET = 0.95;
const { total, satisfied, misses } = evaluate(loadSnapshotFile(process.env.SNAPSHOT_PATH || "dist/snapshot.json"));
for (const miss of misses) {
  const where = miss.case.collection === "surfers" ? " (surfers)" : "";
  console.log(
    `miss [${miss.case.kind}] "${miss.case.q}"${where}: ` +
      `wanted ${miss.missing.join(", ")} in the first ${miss.case.top}`,
  );
  console.log(`     got ${miss.got.join(", ") || "nothing"}`);
}
const share = satisfied / total;
console.log(`\n${satisfied} of ${total} queries satisfied (${(share * 100).toFixed(1)}%; target ${TARGET * 100}%)`);
if (share < TARGET) process.exitCode = 1;

/**
 * `npm run search-quality`: both query sets against the built catalog (dist/snapshot.json,
 * or SNAPSHOT_PATH). The surfers' queries (queries.ts): each miss with what came back
 * instead, then the share satisfied (target 95%). The intent queries (intents.ts): each
 * query whose first five are not all right, then the mean precision (target 90%). Exits 1
 * below either target.
 */
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { evaluate } from "./evaluate.ts";
import { evaluateIntents, understoodPositions } from "./evaluate-intents.ts";
import { CASES } from "./queries.ts";

const TARGET = 0.95;
const INTENT_TARGET = 0.9;
const catalog = loadSnapshotFile(process.env.SNAPSHOT_PATH || "dist/snapshot.json");
const { total, satisfied, misses } = evaluate(catalog);
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

const asRead = CASES.filter((searchCase) => {
  const collection = searchCase.collection ?? "spots";
  const positions = understoodPositions(catalog, collection, searchCase.q, searchCase.top);
  const top = Array.from(positions, (position) => catalog[collection].slugs[position]);
  return searchCase.want.every((slug) => top.includes(slug));
}).length;
console.log(`${asRead} of ${total} satisfied with q read by query understanding, as the lists answer it`);

const intents = evaluateIntents(catalog);
console.log("\nIntent queries (precision of the first five against the catalog's own attributes):");
for (const score of intents.scores) {
  if (score.precision === 1) continue;
  const got = score.got.map((result) => (result.right ? result.slug : `${result.slug} (wrong)`));
  console.log(`  ${(score.precision * 100).toFixed(0)}% "${score.case.q}" (${score.case.collection})`);
  console.log(`     got ${got.join(", ") || "nothing"}`);
}
console.log(
  `\n${intents.scores.length} intent queries, precision ${(intents.precision * 100).toFixed(1)}% ` +
    `(target ${INTENT_TARGET * 100}%)`,
);
if (share < TARGET || intents.precision < INTENT_TARGET) process.exitCode = 1;

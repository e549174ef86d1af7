/**
 * In-process query latencies and the correctness check for one snapshot, run as its
 * own process so its memory and GC threads are gone before the HTTP load starts:
 *   node --import tsx scripts/bench/measure-queries.ts SNAPSHOT SAMPLES
 */
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { correctnessCheck, queryLatencies } from "./in-process.ts";

const [snapshotPath, samples] = process.argv.slice(2);
const catalog = loadSnapshotFile(snapshotPath);
console.log(
  JSON.stringify({ queries: queryLatencies(catalog), mismatches: correctnessCheck(catalog, Number(samples)) }),
);

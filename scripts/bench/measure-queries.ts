/**
 * In-process query latencies (with Orama beside them) and the correctness check for one
 * snapshot, run as its own process so its memory and GC threads are gone before the HTTP
 * load starts:
 *   node --import tsx scripts/bench/measure-queries.ts SNAPSHOT SAMPLES BUDGET_MS
 */
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { correctnessCheck, queryLatencies } from "./in-process.ts";

const [snapshotPath, samples, budgetMs] = process.argv.slice(2);
const catalog = loadSnapshotFile(snapshotPath);
const latencies = await queryLatencies(catalog, true, Number(budgetMs));
console.log(JSON.stringify({ ...latencies, mismatches: correctnessCheck(catalog, Number(samples)) }));

/**
 * In-process query latencies (with Orama beside them) and the correctness check for one
 * snapshot, run as its own process so its memory and GC threads are gone before the HTTP
 * load starts:
 *   node --import tsx scripts/bench/measure-queries.ts SNAPSHOT SAMPLES BUDGET_MS
 */
import { collectGarbageNow } from "../../core/collect-garbage.ts";
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import { correctnessCheck, queryLatencies } from "./in-process.ts";

const [snapshotPath, samples, budgetMs] = process.argv.slice(2);
const catalog = loadSnapshotFile(snapshotPath);
// As the server does once it has loaded (runtime/server.ts): "just started" is the state it serves from.
collectGarbageNow();
const latencies = await queryLatencies(catalog, true, Number(budgetMs));
console.log(JSON.stringify({ ...latencies, mismatches: correctnessCheck(catalog, Number(samples)) }));

/**
 * Builds one content folder and reports what it cost, as JSON on stdout:
 *   node --import tsx scripts/bench/measure-build.ts CONTENT_DIR OUT_DIR
 */
import { buildSnapshot } from "../../build/pipeline.ts";

const [contentDir, outDir] = process.argv.slice(2);
const started = performance.now();
const result = await buildSnapshot({ contentDir, outDir, mediaBaseUrl: "https://media.bench.example" });
if (!result.ok) {
  console.error(result.problems.slice(0, 5));
  process.exit(1);
}
console.log(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    bytes: result.bytes,
  }),
);

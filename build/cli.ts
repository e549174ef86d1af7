/**
 * `npm run check`: validate content/ and print every problem.
 * `npm run build`: the same, then compile dist/snapshot.json.
 *
 * Options (or environment): --content DIR (CONTENT_DIR, default content),
 * --out DIR (DIST_DIR, default dist), MEDIA_BASE_URL (where media keys point),
 * SOURCE_DATE_EPOCH (the build time to record, in seconds: reproducible builds' convention).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { writeOpenApiTypes } from "./openapi.ts";
import { buildSnapshot, checkContentDir, DEFAULT_MEDIA_BASE_URL } from "./pipeline.ts";
import { printProblems } from "./report.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { content: { type: "string" }, out: { type: "string" } },
});
const command = positionals[0];
const contentDir = values.content ?? process.env.CONTENT_DIR ?? "content";
const outDir = values.out ?? process.env.DIST_DIR ?? "dist";
const mediaBaseUrl = process.env.MEDIA_BASE_URL || DEFAULT_MEDIA_BASE_URL;

if (command === "check") {
  const started = performance.now();
  const { problems } = checkContentDir(contentDir);
  if (problems.length > 0) {
    printProblems(problems, contentDir, "fix them and run `npm run check` again.");
    process.exit(1);
  }
  console.log(`${contentDir}/ is valid (${Math.round(performance.now() - started)} ms).`);
} else if (command === "build") {
  if (!/^https?:\/\/[^/]/.test(mediaBaseUrl)) {
    console.error(`MEDIA_BASE_URL '${mediaBaseUrl}' is not an http(s) URL; set it like https://media.example.com`);
    process.exit(1);
  }
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && !/^\d{1,12}$/.test(epoch)) {
    console.error(`SOURCE_DATE_EPOCH '${epoch}' is not a whole number of seconds since 1970; unset it or fix it`);
    process.exit(1);
  }
  const builtAt = epoch === undefined ? new Date() : new Date(Number(epoch) * 1000);
  const started = performance.now();
  const result = await buildSnapshot({ contentDir, outDir, mediaBaseUrl, builtAt });
  if (!result.ok) {
    printProblems(result.problems, contentDir, "nothing was written.");
    process.exit(1);
  }
  const counts = Object.entries(result.snapshot.counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(", ");
  const size = `${(result.bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `Built ${path.relative(process.cwd(), result.file)} (version ${result.snapshot.version}, ${size}) ` +
      `in ${Math.round(performance.now() - started)} ms`,
  );
  console.log(`  ${counts}`);
  const types = await writeOpenApiTypes(result.openapiFile);
  const relative = (file: string) => path.relative(process.cwd(), file);
  console.log(
    `  and its API description, ${relative(result.openapiFile)}, with its TypeScript types, ${relative(types)}`,
  );
} else {
  console.error("usage: tsx build/cli.ts check|build [--content DIR] [--out DIR]");
  process.exit(2);
}

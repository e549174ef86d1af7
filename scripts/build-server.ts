/**
 * `npm run build:server`: compiles the server (and its worker, pieces-worker.mjs) and the
 * social refresh script ahead of time into dist/, each an ES module with its dependencies
 * bundled in, so production runs them with plain `node` and nothing else: no tsx, no
 * node_modules.
 *
 * Bundled, because Node's loader resolves, reads and compiles each module of node_modules
 * one by one: h3, listhen and pino pull in about a hundred, and loading them took about
 * 100 ms more than one bundle does (of a start of about 1 s at 100k spots, and of half a
 * second over the bundled catalog). Modules imported on demand (the Redis store and its
 * client, listhen's development tools) go in chunks of their own, loaded when first used.
 * The licences of the bundled packages go beside them, in third-party-licenses.txt.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Metafile } from "esbuild";

const outdir = process.env.DIST_DIR || "dist";
const { metafile } = await build({
  entryPoints: {
    server: "runtime/server.ts",
    "refresh-social": "scripts/refresh-social.ts",
    // The server's worker thread, which it finds beside its own modules by this name (pieces-reader.ts).
    "pieces-worker": "runtime/pieces-worker.mjs",
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  splitting: true,
  target: "node20",
  // CommonJS dependencies bundled into an ES module still call require() for Node's own
  // modules: give them one.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      "const require = __createRequire(import.meta.url);",
    ].join("\n"),
  },
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});
writeFileSync(path.join(outdir, "third-party-licenses.txt"), licenses(metafile));
console.log(`Compiled ${outdir}/server.mjs (with pieces-worker.mjs) and ${outdir}/refresh-social.mjs`);

/** The name, version and licence text of every package the bundles hold code from. */
function licenses(metafile: Metafile): string {
  const folders = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(match[1]);
  }
  const sections = [...folders].sort().map((folder) => {
    const { name, version, license } = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"));
    const file = readdirSync(folder).find((entry) => /^licen[cs]e/i.test(entry));
    const text = file
      ? readFileSync(path.join(folder, file), "utf8").trim()
      : `${license} (no licence file in the package)`;
    return `${name} ${version}\n\n${text}\n`;
  });
  const rule = `\n${"-".repeat(80)}\n\n`;
  return `The compiled programs in this folder bundle code from these packages.\n\n${sections.join(rule)}`;
}

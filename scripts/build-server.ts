/**
 * `npm run build:server`: compiles the server and the social refresh script ahead of
 * time into dist/ (ES modules, dependencies left as imports), so production runs them
 * with plain `node`, without tsx or any dev dependency, and starts faster.
 */
import { build } from "esbuild";

const outdir = process.env.DIST_DIR || "dist";
await build({
  entryPoints: { server: "runtime/server.ts", "refresh-social": "scripts/refresh-social.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  // Modules imported on demand (the Redis store) go in chunks of their own, loaded when first used.
  splitting: true,
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`Compiled ${outdir}/server.mjs and ${outdir}/refresh-social.mjs`);

/** What the container image's runtime stage sets for node (Dockerfile), for what starts the server outside it. */
import { readFileSync } from "node:fs";

/** The runtime stage's NODE_OPTIONS, "" when it sets none. */
export function imageNodeOptions(dockerfile = readFileSync("Dockerfile", "utf8")): string {
  const runtimeStage = dockerfile.slice(dockerfile.indexOf(" AS runtime"));
  return /^\s*(?:ENV\s+)?NODE_OPTIONS="([^"]*)"/m.exec(runtimeStage)?.[1] ?? "";
}

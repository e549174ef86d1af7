/** The CSV worker thread (see csv-thread.ts): reads one file and sends its records back packed. */
import { readFileSync } from "node:fs";
import { answerMain } from "./answer-main.mjs";

await answerMain(async (filePath) => {
  const { tsImport } = await import("tsx/esm/api");
  const { parsePacked } = await tsImport("./csv-thread.ts", import.meta.url);
  return parsePacked(readFileSync(filePath, "utf8"));
});

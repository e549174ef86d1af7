/** The world map's clustering thread (see geo.ts). */
import { answerMain } from "../answer-main.mjs";

await answerMain(async (coordinates) => {
  const { tsImport } = await import("tsx/esm/api");
  const { clusterWorld } = await tsImport("./geo.ts", import.meta.url);
  return clusterWorld(coordinates);
});

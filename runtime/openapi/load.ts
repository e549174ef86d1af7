/**
 * Loads dist/openapi.json, which the build writes next to the snapshot. A server without
 * it refuses to start (in one line), as it does without a snapshot.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { OPENAPI_FILE } from "../../core/snapshot-format.ts";
import type { OpenApiDocument } from "./types.ts";

export class OpenApiFileError extends Error {}

/** The description that belongs to a snapshot: the file beside it. */
export function openApiPathFor(snapshotPath: string): string {
  return path.join(path.dirname(snapshotPath), OPENAPI_FILE);
}

export function loadOpenApiFile(file: string): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new OpenApiFileError(
        `API description ${file} does not exist; run \`npm run build\` to write it next to the snapshot`,
      );
    throw new OpenApiFileError(
      `API description ${file} cannot be read (${code ?? "error"}); check its permissions or run \`npm run build\``,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new OpenApiFileError(
      `API description ${file} is not valid JSON (truncated or corrupt); run \`npm run build\` to rebuild it`,
    );
  }
  const shape = document as Partial<OpenApiDocument> | null;
  if (
    typeof shape?.openapi !== "string" ||
    !/^3\.1\./.test(shape.openapi) ||
    typeof shape.paths !== "object" ||
    shape.paths === null ||
    typeof shape.info?.title !== "string"
  ) {
    throw new OpenApiFileError(
      `API description ${file} is not an OpenAPI 3.1 document; run \`npm run build\` to rebuild it`,
    );
  }
  return document as OpenApiDocument;
}

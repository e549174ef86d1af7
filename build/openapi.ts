/**
 * The OpenAPI description: people edit openapi/openapi.yaml (reviewable in a diff), the
 * build turns it into the JSON the server serves, with the closed vocabularies of the
 * content it builds (wave types, tags…) as the enums of their filter parameters, so typed
 * clients know them. Same YAML and content, same bytes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { Vocabularies, VocabularyFilter } from "../core/snapshot-format.ts";
import { writeFileAtomic } from "./write-atomic.ts";

interface OpenApiDocument {
  components?: { parameters?: Record<string, { name?: string; schema?: { items?: { enum?: string[] } } }> };
}

/** Each vocabulary filter parameter's items become an enum of its values. */
function addVocabularies(document: OpenApiDocument, vocabularies: Vocabularies): void {
  for (const parameter of Object.values(document.components?.parameters ?? {})) {
    const values = vocabularies[parameter.name as VocabularyFilter];
    if (values && parameter.schema?.items) parameter.schema.items.enum = values;
  }
}

export const OPENAPI_SOURCE = path.resolve(import.meta.dirname, "../openapi/openapi.yaml");

/** The description as JSON text, or an Error naming the file and what is wrong with it. */
export function compileOpenApi(vocabularies?: Vocabularies, source: string = OPENAPI_SOURCE): string {
  // uniqueKeys (the default) makes a duplicated key an error rather than a silent overwrite.
  const document: unknown = parse(readFileSync(source, "utf8"), { prettyErrors: true, uniqueKeys: true });
  const version = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== "string" || !/^3\.1\.\d+$/.test(version)) {
    throw new Error(`${source}: 'openapi' must be a 3.1.x version, got ${JSON.stringify(version)}`);
  }
  if (vocabularies) addVocabularies(document as OpenApiDocument, vocabularies);
  // Indented, so a person can read dist/openapi.json too; key order follows the YAML.
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Writes the description's TypeScript types (`paths`, `components`) beside it, as
 * `openapi.d.ts`, for a typed client (openapi-fetch); returns the file written.
 */
export async function writeOpenApiTypes(openapiFile: string): Promise<string> {
  // Imported here, once the snapshot is written: it loads the TypeScript compiler, which
  // every build (and `npm run check`) would otherwise load for nothing before its own work,
  // and hold in memory through the build's peak.
  const { typesOf } = await import("@surf-catalog/openapi-types");
  const file = openapiFile.replace(/\.json$/, ".d.ts");
  writeFileAtomic(file, await typesOf(JSON.parse(readFileSync(openapiFile, "utf8"))));
  return file;
}

/** The resources section: every named schema, objects as a table of their fields (nested ones expandable). */
import type { OpenApiDocument, SchemaObject } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { fieldsTable, innerObject } from "./fields.ts";
import { markdownToHtml } from "./markdown.ts";
import { schemaHtml } from "./schema-text.ts";

export function renderResources(document: OpenApiDocument): string {
  const schemas = Object.entries(document.components?.schemas ?? {});
  return schemas.map(([name, schema]) => renderSchema(document, name, schema)).join("\n");
}

function renderSchema(document: OpenApiDocument, name: string, schema: SchemaObject): string {
  const title = `<h3 id="${anchor("schema", name)}">${escapeHtml(name)}</h3>`;
  const heading = `${title}\n${markdownToHtml(schema.description, 4)}`;
  const type = `<p>${schemaHtml({ ...schema, description: undefined, properties: undefined })}</p>`;
  const inner = schema.properties ? { schema, refs: [] } : innerObject(document, schema);
  if (!inner) return `<div class="schema">${heading}\n${type}</div>`;
  // The schema itself is on the trail, so a field that refers back to it is not expanded again.
  const trail = [`#/components/schemas/${name}`, ...inner.refs];
  const fields = fieldsTable(document, inner.schema, trail, 1);
  return `<div class="schema">${heading}\n${schema.properties ? "" : type}\n${fields}</div>`;
}

/** The resources section: every named schema, objects as a table of their fields. */
import type { OpenApiDocument, SchemaObject } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { markdownToHtml } from "./markdown.ts";
import { table } from "./operation.ts";
import { schemaHtml } from "./schema-text.ts";

export function renderResources(document: OpenApiDocument): string {
  const schemas = Object.entries(document.components?.schemas ?? {});
  return schemas.map(([name, schema]) => renderSchema(name, schema)).join("\n");
}

function renderSchema(name: string, schema: SchemaObject): string {
  const title = `<h3 id="${anchor("schema", name)}">${escapeHtml(name)}</h3>`;
  const heading = `${title}\n${markdownToHtml(schema.description, 4)}`;
  if (!schema.properties)
    return `<div class="schema">${heading}\n<p>${schemaHtml({ ...schema, description: undefined })}</p></div>`;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties).map(
    ([field, property]) =>
      `<tr><td data-label="Field"><code>${escapeHtml(field)}</code>` +
      `${required.has(field) ? "" : ` <span class="where">optional</span>`}</td>` +
      `<td data-label="Type">${schemaHtml(property)}</td>` +
      `<td data-label="Meaning">${markdownToHtml(property.description, 5)}</td></tr>`,
  );
  return `<div class="schema">${heading}\n${table("fields", ["Field", "Type", "Meaning"], rows)}</div>`;
}

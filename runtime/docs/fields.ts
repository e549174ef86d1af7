/**
 * A schema's fields as a table, nested objects expanded in place: a property that is an
 * object, or an array of objects (inline or by $ref), gets its own fields in a collapsed
 * <details> under its type. A schema already being expanded further up stays a link, and
 * nothing nests deeper than MAX_DEPTH, so a cycle in the description cannot make the page endless.
 */
import { resolve } from "../openapi/resolve.ts";
import type { OpenApiDocument, SchemaObject } from "../openapi/types.ts";
import { escapeHtml } from "./escape.ts";
import { markdownToHtml } from "./markdown.ts";
import { schemaHtml } from "./schema-text.ts";
import { table } from "./table.ts";

const MAX_DEPTH = 4;

interface Inner {
  /** The object schema that holds the fields. */
  schema: SchemaObject;
  /** The $refs followed to reach it, for cycle checks. */
  refs: string[];
}

function isArray(schema: SchemaObject): boolean {
  return Array.isArray(schema.type) ? schema.type.includes("array") : schema.type === "array";
}

/** The object whose fields a value of this schema has: itself, its items (arrays), or what it refers to. */
export function innerObject(document: OpenApiDocument, schema: SchemaObject | undefined): Inner | undefined {
  const refs: string[] = [];
  let current = schema;
  // A few steps cover `$ref` → array → items → `$ref`; a longer chain is no shape a reader needs opened.
  for (let step = 0; current && step < 6; step++) {
    if (current.$ref) {
      refs.push(current.$ref);
      current = resolve<SchemaObject>(document, { $ref: current.$ref });
    } else if (isArray(current) && current.items) {
      current = current.items;
    } else break;
  }
  return current?.properties ? { schema: current, refs } : undefined;
}

/** The table of an object schema's fields; `trail` holds the $refs being expanded around it. */
export function fieldsTable(document: OpenApiDocument, schema: SchemaObject, trail: string[] = [], depth = 0): string {
  const required = new Set(schema.required ?? []);
  // A nested object gets a full-width row under its field: inside the type cell it would be squeezed.
  const rows = Object.entries(schema.properties ?? {}).map(
    ([field, property]) =>
      `<tr><td data-label="Field"><code>${escapeHtml(field)}</code>` +
      `${required.has(field) ? "" : ` <span class="where">optional</span>`}</td>` +
      `<td data-label="Type">${schemaHtml(property)}</td>` +
      `<td data-label="Meaning">${markdownToHtml(property.description, 5)}</td></tr>` +
      nestedFields(document, field, property, trail, depth),
  );
  return table("fields", ["Field", "Type", "Meaning"], rows);
}

function nestedFields(
  document: OpenApiDocument,
  field: string,
  property: SchemaObject,
  trail: string[],
  depth: number,
): string {
  const inner = innerObject(document, property);
  if (!inner || depth >= MAX_DEPTH || inner.refs.some((ref) => trail.includes(ref))) return "";
  const count = Object.keys(inner.schema.properties ?? {}).length;
  return (
    `<tr class="nested"><td colspan="3"><details class="nested">` +
    `<summary>${count} fields of <code>${escapeHtml(field)}</code></summary>` +
    `${fieldsTable(document, inner.schema, [...trail, ...inner.refs], depth + 1)}</details></td></tr>`
  );
}

/** A response body's fields, collapsed under the body's type; nothing when the body is no object. */
export function bodyFields(document: OpenApiDocument, schema: SchemaObject | undefined): string {
  const inner = innerObject(document, schema);
  if (!inner) return "";
  return (
    `<details class="nested body"><summary>Fields of the body</summary>` +
    `${fieldsTable(document, inner.schema, inner.refs, 1)}</details>`
  );
}

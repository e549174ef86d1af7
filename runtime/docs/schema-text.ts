/** A schema in a few words, as HTML: its type (named schemas become links), then its rules. */
import { referenceName } from "../openapi/resolve.ts";
import type { SchemaObject } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";

function code(value: unknown): string {
  return `<code>${escapeHtml(typeof value === "string" ? value : JSON.stringify(value))}</code>`;
}

export function schemaLink(ref: string): string {
  const name = referenceName(ref);
  return `<a href="#${anchor("schema", name)}">${escapeHtml(name)}</a>`;
}

export function schemaHtml(schema: SchemaObject | undefined): string {
  if (!schema) return "any value";
  if (schema.$ref) return schemaLink(schema.$ref);
  return [typeHtml(schema), ...rules(schema)].filter((part) => part !== "").join(", ");
}

function typeHtml(schema: SchemaObject): string {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(schemaHtml).join(" or ");
  if (schema.allOf)
    return schema.allOf.map((part) => (part.$ref ? schemaLink(part.$ref) : fixedProperties(part))).join(" ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types
    .map((type) => (type === "array" ? `array of ${schemaHtml(schema.items)}` : escapeHtml(type)))
    .join(" or ");
}

/** The part of an `allOf` that pins properties, like an error's `code`. */
function fixedProperties(schema: SchemaObject): string {
  const pinned = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `${code(name)} ${schemaHtml(property)}`,
  );
  return pinned.length > 0 ? `with ${pinned.join(", ")}` : "";
}

function rules(schema: SchemaObject): string[] {
  const out: string[] = [];
  if (schema.const !== undefined) out.push(`always ${code(schema.const)}`);
  if (schema.enum) out.push(`one of ${schema.enum.map(code).join(", ")}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    out.push(`${escapeHtml(schema.minimum)} to ${escapeHtml(schema.maximum)}`);
  else if (schema.minimum !== undefined) out.push(`at least ${escapeHtml(schema.minimum)}`);
  else if (schema.maximum !== undefined) out.push(`at most ${escapeHtml(schema.maximum)}`);
  if (schema.maxLength !== undefined) out.push(`at most ${escapeHtml(schema.maxLength)} characters`);
  if (schema.pattern !== undefined) out.push(`matching ${code(schema.pattern)}`);
  if (schema.format !== undefined) out.push(`format ${code(schema.format)}`);
  if (schema.default !== undefined) out.push(`default ${code(schema.default)}`);
  return out;
}

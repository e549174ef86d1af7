/** Following the document's own `$ref`s (`#/components/...`); nothing is fetched from elsewhere. */
import type { OpenApiDocument, Reference } from "./types.ts";

export function isReference(value: unknown): value is Reference {
  return typeof value === "object" && value !== null && typeof (value as Reference).$ref === "string";
}

/** The last segment of a reference: `#/components/schemas/Spot` → `Spot`. */
export function referenceName(ref: string): string {
  return decodeSegment(ref.slice(ref.lastIndexOf("/") + 1));
}

function decodeSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** The object a value refers to (following chains), or the value itself when it is no reference. */
export function resolve<T>(document: OpenApiDocument, value: T | Reference): T {
  let current: unknown = value;
  for (let depth = 0; isReference(current); depth++) {
    const ref: string = current.$ref;
    if (depth > 16) throw new Error(`reference loop at ${ref}`);
    if (!ref.startsWith("#/")) throw new Error(`only references inside the document are supported, not ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .map(decodeSegment)
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new Error(`reference ${ref} points at nothing`);
  }
  return current as T;
}

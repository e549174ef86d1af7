/** Applies a schema to one record's raw values: every field checked, every problem kept. */
import { type Field, InvalidValue, type RecordOf, type Schema } from "./fields.ts";
import type { Place, Problems } from "./problems.ts";

/**
 * `raw` holds the record's values as text (empty string = absent). Returns the typed
 * record, or `undefined` when any field was wrong (each is reported at `placeOf(name)`).
 */
export function parseRecord<S extends Schema>(
  schema: S,
  raw: Record<string, string>,
  placeOf: (field: string) => Place,
  problems: Problems,
): RecordOf<S> | undefined {
  const record: Record<string, unknown> = {};
  let valid = true;
  for (const [name, field] of fieldsOf(schema)) {
    const value = raw[name] ?? "";
    if (value === "") {
      if (field.required) {
        problems.add(placeOf(name), `${name} is required${field.hint ? `: ${field.hint}` : ""}`);
        valid = false;
      }
      record[name] = null;
      continue;
    }
    try {
      record[name] = field.parse(value, name);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      problems.add(placeOf(name), error.message);
      valid = false;
    }
  }
  return valid ? (record as RecordOf<S>) : undefined;
}

/** A schema's fields as a list, made once per schema rather than once per record (330k records at 100k spots). */
const fieldLists = new WeakMap<Schema, [string, Field][]>();

function fieldsOf(schema: Schema): [string, Field][] {
  const listed = fieldLists.get(schema);
  if (listed) return listed;
  const fields = Object.entries(schema);
  fieldLists.set(schema, fields);
  return fields;
}

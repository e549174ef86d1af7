/**
 * HTML escaping. Every value that comes from the description goes through here before
 * it reaches the page, in text and in attribute values alike (quotes included).
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

/** A fragment identifier built from a name: escaped, and without spaces (which break `#` links). */
export function anchor(prefix: string, name: string): string {
  return escapeHtml(`${prefix}-${name.replace(/[^A-Za-z0-9_.-]/g, "_")}`);
}

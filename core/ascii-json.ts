/**
 * JSON with every non-ASCII character escaped (`é` → `\u00e9`): the same value for any
 * JSON reader. The build writes the snapshot so (the server decodes it as Latin-1,
 * several times faster than UTF-8), and the server its bodies (an ASCII string goes to
 * the socket as is, where any other is encoded to UTF-8 on every write).
 */
export function toAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

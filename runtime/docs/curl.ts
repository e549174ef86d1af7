/**
 * The copyable request lines of an operation (curl, and JavaScript's fetch), aimed at the
 * deployment's PUBLIC_URL, never at whatever Host the page was asked for.
 */
import type { OperationObject, ParameterObject } from "../openapi/types.ts";

/** Single-quoted for a POSIX shell: a quote inside ends the quoting, is escaped, and reopens it. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The operation's `x-example-request` (a request known to work, with useful parameters),
 * else its path with each path parameter replaced by that parameter's example.
 */
export function exampleRequest(path: string, operation: OperationObject, parameters: ParameterObject[]): string {
  if (operation["x-example-request"]) return operation["x-example-request"];
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const example = parameters.find((parameter) => parameter.in === "path" && parameter.name === name)?.example;
    return example === undefined ? whole : encodeURIComponent(String(example));
  });
}

export function curlCommand(origin: string, request: string): string {
  return `curl ${shellQuote(`${origin}${request}`)}`;
}

/** Two lines of JavaScript; the URL is a JSON string literal, which is also a valid JS one. */
export function fetchCommand(origin: string, request: string): string {
  return `const response = await fetch(${JSON.stringify(`${origin}${request}`)});\nconst body = await response.json();`;
}

/** An example as it is written in a URL: lists comma-separated. */
export function exampleValue(example: unknown): string {
  return Array.isArray(example) ? example.join(",") : String(example);
}

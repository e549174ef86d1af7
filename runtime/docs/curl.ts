/** The copyable curl line of an operation, aimed at the origin the reader reached the page from. */
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

/** One endpoint of the reference: what it does, a curl line, its parameters, its answers. */
import { resolve } from "../openapi/resolve.ts";
import type {
  HeaderObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from "../openapi/types.ts";
import { curlCommand, exampleRequest } from "./curl.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { markdownToHtml } from "./markdown.ts";
import { schemaHtml } from "./schema-text.ts";

export function operationAnchor(method: string, path: string, operation: OperationObject): string {
  return anchor("op", operation.operationId ?? `${method}${path}`);
}

export function renderOperation(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OperationObject,
  origin: string,
): string {
  const parameters = [...(document.paths[path].parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
    resolve<ParameterObject>(document, parameter),
  );
  const responses = Object.entries(operation.responses).map(
    ([status, response]) => [status, resolve<ResponseObject>(document, response)] as const,
  );
  const successes = responses.filter(([status]) => status.startsWith("2"));
  const others = responses.filter(([status]) => !status.startsWith("2"));
  return `<article class="operation" id="${operationAnchor(method, path, operation)}">
<h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ""}
${markdownToHtml(operation.description, 4)}
<h4>Try it</h4>
<pre class="curl"><code>${escapeHtml(curlCommand(origin, exampleRequest(path, operation, parameters)))}</code></pre>
<h4>Parameters</h4>
${renderParameters(parameters)}
${successes.map(([status, response]) => renderSuccess(document, status, response)).join("\n")}
<h4>Other answers</h4>
${renderOtherAnswers(document, others)}
</article>`;
}

function renderParameters(parameters: ParameterObject[]): string {
  if (parameters.length === 0) return `<p class="none">None: any query parameter is answered with 400.</p>`;
  const rows = parameters.map((parameter) => {
    const list =
      parameter.style === "form" && parameter.explode === false && parameter.schema?.type === "array"
        ? " (comma-separated)"
        : "";
    const where =
      parameter.in === "path" ? "path, required" : parameter.required ? `${parameter.in}, required` : parameter.in;
    const example =
      parameter.example === undefined
        ? ""
        : `<p class="example">Example: <code>${escapeHtml(exampleValue(parameter.example))}</code></p>`;
    return (
      `<tr><td data-label="Name"><code>${escapeHtml(parameter.name)}</code><br>` +
      `<span class="where">${escapeHtml(where)}</span></td>` +
      `<td data-label="Type">${schemaHtml(parameter.schema)}${escapeHtml(list)}</td>` +
      `<td data-label="Meaning">${markdownToHtml(parameter.description, 5)}${example}</td></tr>`
    );
  });
  return table("parameters", ["Name", "Type and rules", "Meaning"], rows);
}

/** An example as it is written in a URL: lists comma-separated. */
function exampleValue(example: unknown): string {
  return Array.isArray(example) ? example.join(",") : String(example);
}

function renderSuccess(document: OpenApiDocument, status: string, response: ResponseObject): string {
  const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
  const headers = Object.entries(response.headers ?? {}).map(([name, header]) => {
    const required = resolve<HeaderObject>(document, header).required ? "" : " (sometimes)";
    return `<code>${escapeHtml(name)}</code>${escapeHtml(required)}`;
  });
  const example =
    media?.example === undefined
      ? ""
      : `<details class="example" open><summary>Example response</summary>` +
        `<pre><code>${escapeHtml(JSON.stringify(media.example, null, 2))}</code></pre></details>`;
  const body = media ? ` Body: ${schemaHtml(media.schema)} (<code>${escapeHtml(mediaType)}</code>).` : "";
  return `<h4>Response ${escapeHtml(status)}</h4>
<p>${escapeHtml(response.description)}${body}</p>
${headers.length > 0 ? `<p class="headers">Headers: ${headers.join(", ")}.</p>` : ""}
${example}`;
}

function renderOtherAnswers(document: OpenApiDocument, responses: (readonly [string, ResponseObject])[]): string {
  const rows = responses.map(([status, response]) => {
    const schema = Object.values(response.content ?? {})[0]?.schema;
    const code = schema ? errorCode(document, schema) : undefined;
    return (
      `<tr><td data-label="Status"><strong>${escapeHtml(status)}</strong></td>` +
      `<td data-label="Code">${code ? `<code>${escapeHtml(code)}</code>` : "no body"}</td>` +
      `<td data-label="When">${markdownToHtml(response.description, 5)}</td></tr>`
    );
  });
  return table("answers", ["Status", "Code", "When"], rows);
}

/** The `code` an error schema pins (`allOf: [Error, {properties: {code: {const: ...}}}]`). */
function errorCode(document: OpenApiDocument, schema: SchemaObject): string | undefined {
  const resolved = resolve<SchemaObject>(document, schema);
  const fixed = resolved.properties?.code?.const;
  if (typeof fixed === "string") return fixed;
  for (const part of resolved.allOf ?? []) {
    const found = errorCode(document, part);
    if (found) return found;
  }
  return undefined;
}

/** A table with a header row; `rows` are rendered `<tr>` elements. */
export function table(className: string, headings: string[], rows: string[]): string {
  const head = headings.map((heading) => `<th>${heading}</th>`).join("");
  return `<table class="${className}"><thead><tr>${head}</tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`;
}

/**
 * One endpoint of the reference: what it does, request examples (curl and fetch), a form to
 * try it, its parameters, its answers (the body's fields expandable in place).
 */
import { resolve } from "../openapi/resolve.ts";
import type {
  HeaderObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from "../openapi/types.ts";
import { curlCommand, exampleRequest, exampleValue, fetchCommand } from "./curl.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { bodyFields } from "./fields.ts";
import { markdownToHtml } from "./markdown.ts";
import { schemaHtml } from "./schema-text.ts";
import { table } from "./table.ts";
import { tryItForm } from "./try-it.ts";

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
  const request = exampleRequest(path, operation, parameters);
  const anchorId = operationAnchor(method, path, operation);
  const successes = responses.filter(([status]) => status.startsWith("2"));
  const others = responses.filter(([status]) => !status.startsWith("2"));
  return `<article class="operation" id="${anchorId}">
<h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ""}
${markdownToHtml(operation.description, 4)}
<h4>Try it</h4>
<pre class="curl"><code>${escapeHtml(curlCommand(origin, request))}</code></pre>
<pre class="fetch"><code>${escapeHtml(fetchCommand(origin, request))}</code></pre>
${tryItForm(anchorId, path, request, parameters)}
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
${media ? bodyFields(document, media.schema) : ""}
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

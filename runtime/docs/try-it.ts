/**
 * An operation's "Send" form. It is `hidden` in the HTML and shown by the page's script
 * (script.ts), which sends it with fetch() to the page's own origin and writes the answer
 * into it: without a script the form could do nothing, and the curl line says the same.
 * Inputs start from the operation's example request (one known to work), else a path
 * parameter's example, else the default. Other examples are only placeholders: every
 * filter's example at once would AND into an empty answer.
 */
import type { ParameterObject, SchemaObject } from "../openapi/types.ts";
import { exampleValue } from "./curl.ts";
import { escapeHtml } from "./escape.ts";

/** The values a path template takes in a concrete path: `/api/spots/{slug}` in `/api/spots/pipeline`. */
function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .split(/\{([^}]+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      names.push(part);
      return "([^/]+)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(path);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match?.[index + 1] ?? "")]));
}

/** A closed vocabulary offered as suggestions (the build writes it as the items' enum). */
function vocabulary(schema: SchemaObject | undefined): string[] {
  const values = schema?.items?.enum ?? schema?.enum ?? [];
  return values.filter((value) => value !== null).map(String);
}

function input(formId: string, parameter: ParameterObject, value: string): string {
  const name = escapeHtml(parameter.name);
  const required = parameter.in === "path" || parameter.required === true;
  const values = vocabulary(parameter.schema);
  const listId = `${formId}-${parameter.name}-values`;
  const attributes = [
    `name="${name}"`,
    `data-in="${escapeHtml(parameter.in)}"`,
    `value="${escapeHtml(value)}"`,
    parameter.example === undefined ? "" : `placeholder="${escapeHtml(exampleValue(parameter.example))}"`,
    required ? "required" : "",
    parameter.schema?.type === "integer" ? `inputmode="numeric"` : "",
    values.length > 0 ? `list="${escapeHtml(listId)}"` : "",
    `autocomplete="off" spellcheck="false"`,
  ].filter((attribute) => attribute !== "");
  const options = values.map((option) => `<option value="${escapeHtml(option)}">`).join("");
  const datalist = values.length > 0 ? `<datalist id="${escapeHtml(listId)}">${options}</datalist>` : "";
  return (
    `<label><code>${name}</code>${required ? ` <span class="where">required</span>` : ""}` +
    `<input ${attributes.join(" ")}></label>${datalist}`
  );
}

export function tryItForm(formId: string, path: string, request: string, parameters: ParameterObject[]): string {
  const queryStart = request.indexOf("?");
  const requestPath = queryStart === -1 ? request : request.slice(0, queryStart);
  const given = new URLSearchParams(queryStart === -1 ? "" : request.slice(queryStart + 1));
  const inPath = pathValues(path, requestPath);
  const inputs = parameters
    .filter((parameter) => parameter.in === "path" || parameter.in === "query")
    .map((parameter) => {
      const fromExample = parameter.in === "path" ? inPath[parameter.name] : given.get(parameter.name);
      const fallback = parameter.in === "path" ? parameter.example : parameter.schema?.default;
      const value = fromExample || (fallback === undefined ? "" : exampleValue(fallback));
      return input(formId, parameter, value);
    });
  return `<form class="try" data-path="${escapeHtml(path)}" hidden>
<div class="inputs">${inputs.join("\n")}</div>
<p class="send"><button type="submit">Send</button> <code class="request-url"></code></p>
<div class="answer" hidden aria-live="polite">
<p class="status"></p>
<details class="answer-headers" open><summary>Response headers</summary><pre class="response-headers"></pre></details>
<pre class="body"></pre>
</div>
</form>`;
}

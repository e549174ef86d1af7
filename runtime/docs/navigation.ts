/**
 * The contents: a `<details>` menu (open beside the page on a wide screen, under a sticky
 * bar on a narrow one: the script closes it there) with a search box the script shows.
 * Each endpoint and schema entry carries the text the search matches, lower case.
 */
import type { OpenApiDocument, OperationObject } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { operationAnchor } from "./operation.ts";

export interface Entry {
  path: string;
  method: string;
  operation: OperationObject;
}

export interface Group {
  name: string;
  description?: string;
  entries: Entry[];
}

function searchText(...parts: (string | undefined)[]): string {
  return escapeHtml(
    parts
      .filter((part) => part)
      .join(" ")
      .toLowerCase(),
  );
}

function endpointItem(group: Group, { path, method, operation }: Entry): string {
  const label = `${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}`;
  const text = searchText(method, path, operation.summary, operation.operationId, group.name);
  return `<li data-search="${text}"><a href="#${operationAnchor(method, path, operation)}">${label}</a></li>`;
}

/** A schema is found by its name and its fields' names (`history` finds ScoredAccount). */
function schemaItems(document: OpenApiDocument): string {
  return Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => {
      const fields = Object.keys(schema.properties ?? schema.items?.properties ?? {});
      const text = searchText("schema", name, ...fields);
      return `<li data-search="${text}"><a href="#${anchor("schema", name)}">${escapeHtml(name)}</a></li>`;
    })
    .join("");
}

export function renderNavigation(document: OpenApiDocument, groups: Group[]): string {
  const tags = groups
    .map((group) => {
      const items = group.entries.map((entry) => endpointItem(group, entry)).join("");
      return `<li><a href="#${anchor("tag", group.name)}">${escapeHtml(group.name)}</a><ol>${items}</ol></li>`;
    })
    .join("\n");
  return `<details class="menu" open>
<summary>Contents</summary>
<nav class="toc" aria-label="Contents">
<p class="search" hidden><label for="search">Search endpoints and schemas</label>
<input type="search" id="search" placeholder="spots, history, facets…" autocomplete="off">
<span id="search-count" aria-live="polite"></span></p>
<ol>
<li><a href="#overview">Overview</a></li>
${tags}
<li><a href="#resources">Resources</a><ol>${schemaItems(document)}</ol></li>
</ol>
</nav>
</details>`;
}

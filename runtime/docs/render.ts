/**
 * /api/docs: the HTML reference, rendered once from the bundled description. One
 * self-contained page: contents with a search, an overview, the endpoints grouped by tag
 * (each with a form to try it), the resources. Every value from the description is
 * escaped (see escape.ts); the one inline style and script are allowed by hash (headers.ts).
 */
import type { OpenApiDocument } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { markdownToHtml } from "./markdown.ts";
import { type Entry, type Group, renderNavigation } from "./navigation.ts";
import { renderOperation } from "./operation.ts";
import { renderResources } from "./resources.ts";
import { DOCS_SCRIPT } from "./script.ts";
import { DOCS_STYLE } from "./style.ts";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Operations by tag, in the order of the document's tags (tags it does not declare come last). */
function groupByTag(document: OpenApiDocument): Group[] {
  const groups = (document.tags ?? []).map((tag) => ({ ...tag, entries: [] as Entry[] }));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const name = operation.tags?.[0] ?? "other";
      let group = groups.find((candidate) => candidate.name === name);
      if (!group) {
        group = { name, entries: [] };
        groups.push(group);
      }
      group.entries.push({ path, method, operation });
    }
  }
  return groups;
}

export function renderDocs(document: OpenApiDocument, origin: string): string {
  const groups = groupByTag(document);
  const { title, version, summary, description } = document.info;
  const sections = groups
    .map(
      (group) => `<section class="tag" id="${anchor("tag", group.name)}">
<h2>${escapeHtml(group.name)}</h2>
${markdownToHtml(group.description, 3)}
${group.entries.map((entry) => renderOperation(document, entry.path, entry.method, entry.operation, origin)).join("\n")}
</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} ${escapeHtml(version)}: reference</title>
<link rel="icon" href="data:,">
<style>${DOCS_STYLE}</style>
</head>
<body>
<header class="page">
<h1>${escapeHtml(title)} <span class="version">${escapeHtml(version)}</span></h1>
${summary ? `<p>${escapeHtml(summary)}</p>` : ""}
<p>Base address: <code>${escapeHtml(origin)}</code>. The same description as JSON:
<a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
</header>
<div class="layout">
${renderNavigation(document, groups)}
<main>
<section class="overview" id="overview">
<h2>Overview</h2>
${markdownToHtml(description, 3)}
</section>
${sections}
<section class="resources" id="resources">
<h2>Resources</h2>
${renderResources(document)}
</section>
</main>
</div>
<footer>Rendered from the description built into this server (${escapeHtml(title)} ${escapeHtml(version)}).</footer>
<script>${DOCS_SCRIPT}</script>
</body>
</html>
`;
}

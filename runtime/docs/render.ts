/**
 * /api/docs: the HTML reference, rendered from the bundled description on each request.
 * One self-contained page: table of contents, an overview, the endpoints grouped by tag,
 * the resources. Every value from the description is escaped (see escape.ts).
 */
import type { OpenApiDocument, OperationObject } from "../openapi/types.ts";
import { anchor, escapeHtml } from "./escape.ts";
import { markdownToHtml } from "./markdown.ts";
import { operationAnchor, renderOperation } from "./operation.ts";
import { renderResources } from "./resources.ts";
import { DOCS_STYLE } from "./style.ts";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

interface Entry {
  path: string;
  method: string;
  operation: OperationObject;
}

/** Operations by tag, in the order of the document's tags (tags it does not declare come last). */
function groupByTag(document: OpenApiDocument): { name: string; description?: string; entries: Entry[] }[] {
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
  const toc = groups
    .map((group) => {
      const links = group.entries.map(({ path, method, operation }) => {
        const label = `${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}`;
        return `<li><a href="#${operationAnchor(method, path, operation)}">${label}</a></li>`;
      });
      return `<li><a href="#${anchor("tag", group.name)}">${escapeHtml(group.name)}</a><ol>${links.join("")}</ol></li>`;
    })
    .join("\n");
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
<nav class="toc" aria-label="Contents">
<h2>Contents</h2>
<ol>
<li><a href="#overview">Overview</a></li>
${toc}
<li><a href="#resources">Resources</a></li>
</ol>
</nav>
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
</body>
</html>
`;
}

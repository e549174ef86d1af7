/**
 * /api/docs through app.request and the real server: headers, content from the description, nested fields,
 * request examples and try-it forms, nothing external, everything escaped.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../runtime/docs/escape.ts";
import { markdownToHtml } from "../../runtime/docs/markdown.ts";
import { renderDocs } from "../../runtime/docs/render.ts";
import { DOCS_SCRIPT } from "../../runtime/docs/script.ts";
import { createApp } from "../../runtime/http/app.ts";
import type { OpenApiDocument } from "../../runtime/openapi/types.ts";
import { ALLOWED_ORIGIN, testApp, testCatalog } from "../helpers/app.ts";
import { testDescription } from "../helpers/description.ts";
import { describeMatrix, type Http } from "../helpers/matrix.ts";

const app = testApp();
const document = testDescription();

async function page(http: Http, url = "/api/docs", headers: Record<string, string> = {}) {
  const response = await http.fetch(url, { headers });
  return { response, html: await response.text() };
}

/** Every element the renderer writes; anything else in the page is markup that leaked in. */
const ELEMENTS = new Set([
  "html",
  "head",
  "meta",
  "title",
  "link",
  "style",
  "body",
  "header",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "p",
  "span",
  "code",
  "a",
  "div",
  "nav",
  "ol",
  "ul",
  "li",
  "main",
  "section",
  "article",
  "pre",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "br",
  "strong",
  "details",
  "summary",
  "footer",
  "form",
  "label",
  "input",
  "datalist",
  "option",
  "button",
  "script",
]);

/** The page without its one script, which the CSP allows by hash: what is left is markup only. */
function withoutScript(html: string): string {
  return html.replace(`<script>${DOCS_SCRIPT}</script>`, "");
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

/** One operation's article in the page. */
function article(html: string, operationId: string): string {
  return new RegExp(`<article class="operation" id="op-${operationId}">[\\s\\S]*?</article>`).exec(html)![0];
}

function elementsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => match[1].toLowerCase()));
}

describeMatrix("GET /api/docs", (http) => {
  it("is HTML whose strict CSP allows just its own stylesheet and script, and fetch to itself", async () => {
    const { response, html } = await page(http);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
    expect(styles).toHaveLength(1);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([DOCS_SCRIPT]);
    const csp = response.headers.get("content-security-policy");
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${sha256(styles[0])}'; script-src 'sha256-${sha256(scripts[0])}'; ` +
        "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(csp).not.toContain("unsafe");
  });

  it("carries the shared headers, and a 304 for its ETag", async () => {
    const { response } = await page(http, "/api/docs", { origin: ALLOWED_ORIGIN });
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=600");
    expect(response.headers.get("vary")).toBe("Origin, Accept-Encoding");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    const again = await http.fetch("/api/docs", { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("loads nothing: no script file, external style, font or image; only in-page and same-origin links", async () => {
    const html = withoutScript((await page(http)).html);
    expect(html).not.toMatch(/<script|<iframe|<img|@import|@font-face|url\(/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const links = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(50);
    for (const link of links) expect(link).toMatch(/^(#[\w.-]+|\/api\/openapi\.json|data:,)$/);
    // Every in-page link has its target.
    for (const link of links.filter((candidate) => candidate.startsWith("#")))
      expect(html).toContain(`id="${link.slice(1)}"`);
  });

  it("has contents and a section per tag, holding every path with its parameters, example and errors", async () => {
    const { html } = await page(http);
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const tag of document.tags!) {
      expect(html).toContain(`<section class="tag" id="tag-${tag.name}">`);
      expect(toc).toContain(`href="#tag-${tag.name}"`);
    }
    for (const [path, item] of Object.entries(document.paths)) {
      expect(html).toContain(`<code class="path">${path}</code>`);
      expect(toc).toContain(`href="#op-${item.get!.operationId}"`);
    }
    const spots = article(html, "listSpots");
    expect(spots).toContain("<code>limit</code>");
    expect(spots).toContain("integer, 1 to 100, default <code>20</code>");
    expect(spots).toContain("Example response");
    expect(spots).toContain("<code>INVALID_QUERY</code>");
    expect(spots).toContain("<code>METHOD_NOT_ALLOWED</code>");
    expect(html).toContain("<code>SOCIAL_UNAVAILABLE</code>");
    expect(elementsOf(html)).toEqual(new Set([...elementsOf(html)].filter((name) => ELEMENTS.has(name))));
  });

  it("takes no query parameters, like every endpoint", async () => {
    const { response, html } = await page(http, "/api/docs?theme=dark");
    expect(response.status).toBe(400);
    expect(JSON.parse(html)).toEqual({
      error: "unknown parameter 'theme'; this endpoint takes no parameters",
      code: "INVALID_QUERY",
    });
  });
});

// In process only: fetch decodes a compressed body itself, so the raw encoded bytes are
// read from app.request; and PUBLIC_URL is an option of the app here.
describe("GET /api/docs, in process", () => {
  it("writes curl lines for PUBLIC_URL, whatever Host the request names", async () => {
    const publicApp = createApp({
      catalog: testCatalog(),
      corsOrigins: new Set(),
      openapi: document,
      publicUrl: "https://api.surf.example",
    });
    const pages = await Promise.all(
      ["http://localhost/api/docs", "http://evil.example/api/docs", "http://api.surf.example:8080/api/docs"].map(
        async (url) => (await publicApp.request(url)).text(),
      ),
    );
    expect(pages[0]).toContain(
      '<pre class="curl"><code>curl &#39;https://api.surf.example/api/spots?country=PT,ES&amp;limit=5&#39;' +
        "</code></pre>",
    );
    expect(pages[0]).toContain("curl &#39;https://api.surf.example/api/spots/pipeline&#39;");
    // The fetch example beside each curl line: the same full URL, as a JavaScript string.
    expect(article(pages[0], "listSpots")).toContain(
      '<pre class="fetch"><code>const response = await fetch(' +
        "&quot;https://api.surf.example/api/spots?country=PT,ES&amp;limit=5&quot;);\n" +
        "const body = await response.json();</code></pre>",
    );
    expect(pages[0].match(/<pre class="fetch">/g)).toHaveLength(pages[0].match(/<pre class="curl">/g)!.length);
    expect(pages[0]).not.toContain("evil.example");
    expect(new Set(pages).size).toBe(1);
  });

  it("is compressed for clients that accept it, with an ETag of its own", async () => {
    const plain = await app.request("/api/docs");
    const brotli = await app.request("/api/docs", { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("etag")).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-br"`);
    const { brotliDecompressSync } = await import("node:zlib");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(await plain.text());
  });
});

describe("nested schemas, expanded in place", () => {
  const html = renderDocs(document, "http://localhost:3000");

  it("opens an object property (facets) and each list of objects in it (FacetList items) under its field", () => {
    const facets = /<h3 id="schema-SpotFacets">[\s\S]*?<\/div>\n<div class="schema">/.exec(html)![0];
    expect(facets).toContain('<tr class="nested"><td colspan="3"><details class="nested">');
    expect(facets).toContain("<summary>6 fields of <code>facets</code></summary>");
    expect(facets).toContain("<summary>2 fields of <code>countries</code></summary>");
    expect(facets).toContain("<summary>3 fields of <code>tags</code></summary>");
    expect(facets).toContain("<code>label</code>");
  });

  it("opens an inline array of objects (an account's history)", () => {
    const accounts = /<h3 id="schema-ScoredAccount">[\s\S]*?<\/div>\n<div class="schema">/.exec(html)![0];
    expect(accounts).toMatch(
      /<summary>2 fields of <code>history<\/code><\/summary><table class="fields">[\s\S]*<code>scoredAt<\/code>/,
    );
  });

  it("shows the fields of each answer's body under it, following $refs (SpotList → spots → Spot)", () => {
    const spots = article(html, "listSpots");
    expect(spots).toContain('<details class="nested body"><summary>Fields of the body</summary>');
    expect(spots).toContain("<summary>18 fields of <code>spots</code></summary>");
    expect(spots).toContain("<code>hero_qa_tier</code>");
    expect(spots).toContain("<code>location_precision</code>");
  });

  it("stops at a cycle and at a depth limit, so a self-referring schema renders finitely", () => {
    const cyclic = structuredClone(document) as OpenApiDocument;
    cyclic.components!.schemas!.Node = {
      type: "object",
      properties: {
        name: { type: "string" },
        children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        box: {
          type: "object",
          properties: { a: { type: "object", properties: { b: { type: "object", properties: { c: {} } } } } },
        },
      },
    };
    const rendered = renderDocs(cyclic, "http://x");
    const node = /<h3 id="schema-Node">[\s\S]*?<\/section>/.exec(rendered)![0];
    // `children` refers back to Node itself: a link, not a second copy.
    expect(node).toContain('<a href="#schema-Node">Node</a>');
    expect(node).not.toContain("fields of <code>children</code>");
    expect(node).toContain("fields of <code>b</code>");
  });
});

describe("try-it forms", () => {
  const html = renderDocs(document, "http://localhost:3000");

  it("one per operation, hidden until the script shows it, posting nowhere by itself", () => {
    const forms = html.match(/<form class="try" data-path="[^"]+" hidden>/g)!;
    expect(forms).toHaveLength(html.match(/<article class="operation"/g)!.length);
    expect(html).not.toMatch(/<form[^>]*\s(action|method)=/);
  });

  it("starts from the example request, shows other examples as placeholders, offers vocabularies", () => {
    const spots = article(html, "listSpots");
    expect(spots).toContain('<input name="limit" data-in="query" value="5" placeholder="5"');
    expect(spots).toContain('<input name="country" data-in="query" value="PT,ES" placeholder="PT,ES"');
    expect(spots).toContain('<input name="offset" data-in="query" value="0" placeholder="10"');
    expect(spots).toContain('<input name="q" data-in="query" value="" placeholder="nazare"');
    expect(spots).toContain(
      '<datalist id="op-listSpots-wave_type-values"><option value="beach"><option value="reef">' +
        '<option value="point"><option value="river-mouth"></datalist>',
    );
    const spot = article(html, "getSpot");
    expect(spot).toContain('<form class="try" data-path="/api/spots/{slug}" hidden>');
    expect(spot).toContain('<input name="slug" data-in="path" value="pipeline" placeholder="pipeline" required');
  });
});

describe("every value from the description is escaped", () => {
  const attack = "<script>alert(1)</script>";
  const hostile = structuredClone(document) as OpenApiDocument;
  hostile.info.title = `Surf ${attack}`;
  hostile.info.description = `${attack}\n\n- \`${attack}\` **<b>bold</b>**`;
  hostile.tags![0].description = `<img src=x onerror="alert(1)">`;
  hostile.paths["/api/spots"].get!.summary = `"><svg onload=alert(1)>`;
  hostile.paths["/api/spots"].get!.operationId = `list" onmouseover="alert(1)`;
  hostile.paths["/api/spots"].get!["x-example-request"] = `/api/spots?q=</code><script>x</script>`;
  hostile.components!.parameters!.q.description = `</td><script>alert(1)</script>`;
  hostile.components!.parameters!.q.example = `</span><iframe src="https://evil.example">`;
  hostile.components!.schemas!.Spot.properties!.name.description = `<style>body{display:none}</style>`;
  hostile.components!.responses!.SpotList.content!["application/json"].example = { note: attack };
  hostile.components!.responses!.InvalidQuery.description = `<a href="https://evil.example">click</a>`;

  it("through the endpoint: the page holds only the renderer's own elements and the attack as text", async () => {
    const evil = createApp({ catalog: testCatalog(), corsOrigins: new Set(), openapi: hostile });
    const html = withoutScript(await (await evil.request("/api/docs")).text());
    expect([...elementsOf(html)].filter((name) => !ELEMENTS.has(name))).toEqual([]);
    expect(html).not.toContain("<script");
    expect(html).not.toContain('onmouseover="');
    expect(html).not.toContain('href="https://evil.example"');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain("Surf &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&quot;note&quot;: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
    // In the try-it form, an example request's value and a parameter's example stay attribute text.
    expect(html).toContain('value="&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('placeholder="&lt;/span&gt;&lt;iframe src=&quot;https://evil.example&quot;&gt;"');
  });

  it("even an origin with a quote stays one shell word in the curl line", () => {
    const html = renderDocs(document, "http://it's.example");
    expect(html).toContain("curl &#39;http://it&#39;\\&#39;&#39;s.example/api/clips&#39;");
  });
});

describe("escaping and Markdown", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("renders paragraphs, lists with continued items, headings, code and bold", () => {
    expect(markdownToHtml("### Title\nFirst line\nsame paragraph `a<b`.\n\n- one **two**\n  continued\n- three")).toBe(
      "<h3>Title</h3>\n<p>First line\nsame paragraph <code>a&lt;b</code>.</p>\n" +
        "<ul>\n<li>one <strong>two</strong>\ncontinued</li>\n<li>three</li>\n</ul>\n",
    );
  });

  it("gives ### headings the page's level, and the others with them", () => {
    expect(markdownToHtml("## Up\n### Here\n#### Down", 5)).toBe("<h4>Up</h4>\n<h5>Here</h5>\n<h6>Down</h6>\n");
  });

  it("shows raw HTML as text, and makes no link of a script URL and no image", () => {
    expect(
      markdownToHtml('<div onclick="x()">a</div>\n\n<b>b</b> [c](javascript:alert(1)) ![d](https://e.example/f)'),
    ).toBe(
      "<p>&lt;div onclick=&quot;x()&quot;&gt;a&lt;/div&gt;</p>\n" +
        '<p>&lt;b&gt;b&lt;/b&gt; [c](javascript:alert(1)) !<a href="https://e.example/f">d</a></p>\n',
    );
  });
});

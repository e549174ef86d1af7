/**
 * The page's only stylesheet, inline: the reading page here, the tools (menu, search,
 * try-it, nested fields) in style-tools.ts. No web font (system fonts), no image: the CSP
 * allows exactly this text by its hash. Narrow screens get one column and tables that
 * stack their cells.
 */
import { TOOLS_STYLE } from "./style-tools.ts";

const READING_STYLE = `
:root {
  color-scheme: light dark;
  --ink: #14212b;
  --muted: #52616b;
  --line: #d5dee4;
  --panel: #f3f7f9;
  --accent: #0a6b8a;
  --code: #eef3f6;
}
@media (prefers-color-scheme: dark) {
  :root { --ink: #e3ecf1; --muted: #9fb0ba; --line: #2c3a43; --panel: #16222a; --accent: #5cc3e4; --code: #1d2b34; }
  body { background: #0e171d; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
a { color: var(--accent); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
code { background: var(--code); padding: 0.05em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: 0.75em 1em; border-radius: 6px; overflow-x: auto; }
pre code { padding: 0; background: none; overflow-wrap: normal; }
header.page { padding: 1.5rem 1rem 1rem; border-bottom: 1px solid var(--line); }
header.page h1 { margin: 0; font-size: 1.6rem; }
.version {
  font-size: 0.8rem;
  font-weight: 600;
  color: var(--muted);
  border: 1px solid var(--line);
  border-radius: 999px;
  padding: 0.1em 0.6em;
  vertical-align: middle;
}
.layout { display: block; }
nav.toc { padding: 0 1rem 1rem; background: var(--panel); }
nav.toc ol { margin: 0; padding-left: 1.2rem; }
nav.toc ol ol { padding-left: 0.8rem; list-style: none; font-size: 0.9rem; }
nav.toc li { margin: 0.15rem 0; }
main { padding: 0 1rem 2rem; min-width: 0; }
section.tag > h2, section.overview > h2, section.resources > h2 {
  text-transform: capitalize;
  border-bottom: 2px solid var(--accent);
  padding-bottom: 0.2rem;
  margin-top: 2rem;
}
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem 0.5rem; margin: 1.25rem 0; }
.operation h3 { font-size: 1.1rem; overflow-wrap: anywhere; }
.operation h4 {
  margin: 1.1rem 0 0.4rem;
  font-size: 0.95rem;
  color: var(--muted);
  text-transform: uppercase;
  letter-spacing: 0.04em;
}
.method {
  background: var(--accent);
  color: #fff;
  border-radius: 4px;
  padding: 0.1em 0.45em;
  font-size: 0.8rem;
  vertical-align: middle;
}
.summary { font-weight: 600; }
/* One click selects the whole line; it wraps on screen only, so a copy stays one command. */
pre.curl code { user-select: all; white-space: pre-wrap; word-break: break-all; }
.where, .example, .headers, .none { color: var(--muted); font-size: 0.875rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.925rem; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--panel); }
td p, td ul { margin: 0 0 0.3rem; }
td:first-child code { white-space: nowrap; overflow-wrap: normal; }
details.example summary { cursor: pointer; color: var(--muted); }
details.example pre { max-height: 28rem; }
footer { padding: 1rem; color: var(--muted); font-size: 0.875rem; border-top: 1px solid var(--line); }
@media (min-width: 64rem) {
  .layout { display: grid; grid-template-columns: 17rem minmax(0, 1fr); }
  main { padding: 0 2rem 2rem; max-width: 62rem; }
}
@media (max-width: 40rem) {
  table, thead, tbody, tr, th, td { display: block; }
  thead { display: none; }
  tr { border-bottom: 1px solid var(--line); padding: 0.3rem 0; }
  td { border: 0; padding: 0.15rem 0; }
  td::before {
    content: attr(data-label);
    display: block;
    font-size: 0.75rem;
    font-weight: 600;
    color: var(--muted);
    text-transform: uppercase;
  }
}
`;

export const DOCS_STYLE = READING_STYLE + TOOLS_STYLE;

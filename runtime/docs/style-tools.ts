/**
 * The styles of the page's tools: the contents menu (sticky: a bar at the top of a narrow
 * screen, a column beside the page on a wide one), the search box, the try-it forms and
 * their answers, the request examples and the nested field tables.
 */
export const TOOLS_STYLE = `
[hidden] { display: none !important; }
/* A link lands below the sticky bar, not under it. */
html { scroll-padding-top: 3.5rem; }
details.menu {
  position: sticky;
  top: 0;
  z-index: 2;
  background: var(--panel);
  border-bottom: 1px solid var(--line);
}
details.menu > summary {
  cursor: pointer;
  padding: 0.65rem 1rem;
  font-weight: 600;
  list-style: none;
}
details.menu > summary::-webkit-details-marker { display: none; }
details.menu > summary::before { content: "\\2630"; margin-right: 0.6rem; color: var(--accent); }
details.menu[open] > summary::before { content: "\\2715"; }
details.menu nav.toc { max-height: calc(100vh - 3rem); overflow-y: auto; }
p.search { margin: 0 0 0.75rem; }
p.search label { display: block; font-size: 0.8rem; color: var(--muted); margin-bottom: 0.2rem; }
input {
  font: inherit;
  font-size: 0.9rem;
  color: var(--ink);
  background: Canvas;
  border: 1px solid var(--line);
  border-radius: 5px;
  padding: 0.35rem 0.5rem;
  min-width: 0;
}
p.search input { width: 100%; }
#search-count { display: block; font-size: 0.8rem; color: var(--muted); min-height: 1.2em; }
pre.curl, pre.fetch { margin: 0.4rem 0; }
pre.fetch code { white-space: pre-wrap; word-break: break-all; }
form.try {
  margin: 0.6rem 0;
  padding: 0.75rem;
  border: 1px solid var(--line);
  border-radius: 6px;
  background: var(--panel);
}
form.try .inputs { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 0.5rem 0.75rem; }
form.try label { display: flex; flex-direction: column; gap: 0.15rem; font-size: 0.85rem; }
form.try label code { align-self: flex-start; }
form.try .send { margin: 0.75rem 0 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem; }
form.try button {
  font: inherit;
  font-weight: 600;
  padding: 0.35rem 1.3rem;
  border: 0;
  border-radius: 6px;
  background: var(--accent);
  color: Canvas;
  cursor: pointer;
}
.answer .status { font-weight: 600; margin: 0.75rem 0 0.3rem; }
.request-url:empty { display: none; }
.answer pre { max-height: 24rem; overflow: auto; margin: 0.3rem 0; background: Canvas; }
/* Long header values (Link, ETag) and long strings wrap rather than hide past a phone's edge. */
.answer pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.answer summary, details.nested > summary { cursor: pointer; color: var(--muted); font-size: 0.875rem; }
details.nested { margin: 0.2rem 0 0.4rem; }
details.nested > table { margin-top: 0.3rem; border-left: 3px solid var(--line); }
tr.nested > td { padding-top: 0; }
/* A field and the row that opens it read as one. */
tr:has(+ tr.nested) > td { border-bottom: 0; }
tr.nested > td::before { content: none !important; }
@media (max-width: 40rem) {
  /* Stacked cells: an empty one would leave its label alone. */
  td[data-label]:empty { display: none; }
  .operation { padding: 0 0.75rem 0.5rem; }
  form.try { padding: 0.6rem; }
  .answer pre { padding: 0.5rem 0.6rem; font-size: 0.8rem; }
}
@media (min-width: 64rem) {
  html { scroll-padding-top: 0.5rem; }
  details.menu {
    align-self: start;
    max-height: 100vh;
    overflow-y: auto;
    border-bottom: 0;
    border-right: 1px solid var(--line);
  }
  details.menu > summary { display: none; }
  details.menu nav.toc { max-height: none; overflow: visible; padding-top: 1rem; }
}
`;

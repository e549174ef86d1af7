/**
 * The page's only script, inline and allowed by its hash (headers.ts): no file to fetch, no
 * 'unsafe-inline'. It adds what a reading page cannot do alone: the try-it forms (fetch() to
 * the page's own origin, the CSP's connect-src 'self'), the search over the contents, and
 * the contents as a menu on narrow screens. Without it the page reads as before.
 * Plain JavaScript in a string: this project's TypeScript has no DOM types. Everything it
 * writes goes in as textContent, never as markup.
 */
export const DOCS_SCRIPT = `
"use strict";
(() => {
  for (const form of document.querySelectorAll("form.try")) {
    form.hidden = false;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send(form);
    });
  }

  // Commas stay readable in the URL; everything else a value holds is encoded.
  const encode = (value) => encodeURIComponent(value).replace(/%2C/gi, ",");

  function requestUrl(form) {
    let path = form.dataset.path;
    const query = [];
    for (const input of form.querySelectorAll("input[data-in]")) {
      const value = input.value.trim();
      if (input.dataset.in === "path") path = path.replace("{" + input.name + "}", encodeURIComponent(value));
      else if (value !== "") query.push(input.name + "=" + encode(value));
    }
    return path + (query.length > 0 ? "?" + query.join("&") : "");
  }

  async function send(form) {
    const url = requestUrl(form);
    const answer = form.querySelector(".answer");
    const part = (name) => form.querySelector(name);
    part(".request-url").textContent = "GET " + url;
    part(".status").textContent = "Sending…";
    answer.hidden = false;
    try {
      // no-store: show what the server answers now, not a copy the browser kept.
      const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
      const text = await response.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      part(".status").textContent = response.status + " " + response.statusText;
      const headers = [...response.headers].map(([name, value]) => name + ": " + value);
      part(".response-headers").textContent = headers.join("\\n");
      part(".body").textContent = body;
      answer.dataset.status = String(response.status);
    } catch (error) {
      part(".status").textContent = "No answer: " + error.message;
    }
  }

  // The contents: beside the page on a wide screen, a menu under the top bar on a narrow one.
  const menu = document.querySelector("details.menu");
  const wide = matchMedia("(min-width: 64rem)");
  const fit = () => {
    menu.open = wide.matches;
  };
  fit();
  wide.addEventListener("change", fit);
  menu.addEventListener("click", (event) => {
    if (!wide.matches && event.target.closest("a")) menu.open = false;
  });

  // Search: every word must appear in an entry's text (method, path, summary; a schema's fields).
  const search = document.getElementById("search");
  const found = document.getElementById("search-count");
  const entries = [...document.querySelectorAll("nav.toc li[data-search]")];
  const groups = [...document.querySelectorAll("nav.toc li:not([data-search])")];
  search.parentElement.hidden = false;
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().split(/\\s+/).filter((word) => word !== "");
    for (const entry of entries) entry.hidden = !words.every((word) => entry.dataset.search.includes(word));
    for (const group of groups) {
      const inside = group.querySelectorAll("li[data-search]");
      const shown = [...inside].some((entry) => !entry.hidden);
      group.hidden = words.length > 0 && !shown;
    }
    const count = entries.filter((entry) => !entry.hidden).length;
    found.textContent = words.length === 0 ? "" : count === 1 ? "1 match" : count + " matches";
  });
  // Enter jumps to the first match.
  search.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const first = entries.find((entry) => !entry.hidden);
    if (first) first.querySelector("a").click();
  });
})();
`;

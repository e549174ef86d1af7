/** A table with a header row; `rows` are rendered `<tr>` elements. Headings are the renderer's own text. */
export function table(className: string, headings: string[], rows: string[]): string {
  const head = headings.map((heading) => `<th>${heading}</th>`).join("");
  return `<table class="${className}"><thead><tr>${head}</tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`;
}

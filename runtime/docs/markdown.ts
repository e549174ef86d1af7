/**
 * The small Markdown subset the description uses: paragraphs, `- ` lists (a line that
 * does not start with `- ` continues the item above), `### ` headings, `code` and
 * **bold**. The text is escaped first and only then marked up, so nothing in it can
 * become markup of its own.
 */
import { escapeHtml } from "./escape.ts";

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
}

function renderBlock(lines: string[], headingLevel: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (items.length > 0) out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`);
    items = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("### ")) {
      flushParagraph();
      flushList();
      out.push(`<h${headingLevel}>${inline(line.slice(4))}</h${headingLevel}>`);
    } else if (line.startsWith("- ")) {
      flushParagraph();
      items.push(line.slice(2));
    } else if (items.length > 0) {
      items[items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return out.join("\n");
}

/** `headingLevel` is the level `### ` headings get in the page (they sit under its sections). */
export function markdownToHtml(text: string | undefined, headingLevel = 3): string {
  if (!text) return "";
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => renderBlock(block.split("\n"), headingLevel))
    .join("\n");
}

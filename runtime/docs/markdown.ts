/**
 * The description's Markdown as HTML for the docs page, by markdown-it (CommonMark). Raw
 * HTML in the text comes out as text, never as markup (`html: false`, markdown-it's
 * default); images are off, since the page's policy loads none.
 */
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: false }).disable("image");

/**
 * `headingLevel` is the level `### ` headings get in the page (they sit under its
 * sections); other heading levels move with them, within h1 to h6.
 */
export function markdownToHtml(text: string | undefined, headingLevel = 3): string {
  if (!text) return "";
  const tokens = markdown.parse(text, {});
  for (const token of tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      const level = Number(token.tag.slice(1)) - 3 + headingLevel;
      token.tag = `h${Math.min(6, Math.max(1, level))}`;
    }
  }
  return markdown.renderer.render(tokens, markdown.options, {});
}

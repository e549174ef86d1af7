/**
 * The docs page's own headers. The Content-Security-Policy allows nothing but the inline
 * stylesheet and the inline script (each by its hash, so even injected markup could not
 * add a style or a script), fetch() to the page's own origin (the try-it forms), and the
 * empty data: favicon that stops browsers asking for /favicon.ico.
 */
import { createHash } from "node:crypto";
import { DOCS_SCRIPT } from "./script.ts";
import { DOCS_STYLE } from "./style.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

export const DOCS_CSP = [
  "default-src 'none'",
  `style-src ${sha256(DOCS_STYLE)}`,
  `script-src ${sha256(DOCS_SCRIPT)}`,
  "connect-src 'self'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Header names and values, alternating, as answers carry them. */
export const DOCS_HEADERS = ["content-security-policy", DOCS_CSP, "referrer-policy", "no-referrer"];

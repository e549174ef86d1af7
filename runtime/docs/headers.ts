/**
 * The docs page's own headers. The Content-Security-Policy allows nothing but the inline
 * stylesheet (by its hash, so even injected markup could not add a style or a script)
 * and the empty data: favicon that stops browsers asking for /favicon.ico.
 */
import { createHash } from "node:crypto";
import { DOCS_STYLE } from "./style.ts";

const STYLE_HASH = createHash("sha256").update(DOCS_STYLE).digest("base64");

export const DOCS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Header names and values, alternating, as answers carry them. */
export const DOCS_HEADERS = ["content-security-policy", DOCS_CSP, "referrer-policy", "no-referrer"];

/**
 * One redactor for everything that leaves the process: log lines, error messages and the
 * social cache file. A secret (the Graph API access token) is replaced wherever it appears,
 * as typed, URL-encoded or JSON-escaped: an upstream that echoes it back in an error
 * message cannot carry it into a log, an answer or a file.
 */
export type Redactor = (text: string) => string;

export const REDACTED = "[redacted]";

/** Secrets shorter than this are not secrets worth matching (and would mangle ordinary text). */
const MIN_SECRET_LENGTH = 8;

export function createRedactor(secrets: (string | undefined | null)[]): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  if (forms.size === 0) return (text) => text;
  // Longest first, so a form that contains another is replaced whole.
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
    "g",
  );
  return (text) => text.replace(pattern, REDACTED);
}

/** Redacts nothing (no secret configured). */
export const noRedaction: Redactor = (text) => text;

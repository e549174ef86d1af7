/**
 * CORS for allow-listed origins only. Matching is exact on scheme, host and port:
 * `https://surf.example.evil.test` and `http://surf.example` are not `https://surf.example`.
 */

/** The origins a browser may call from: a Set of exact origins, or a rule (`npm run dev`'s local ones). */
export interface OriginAllowList {
  has(origin: string): boolean;
}

/** Parses `CORS_ORIGINS` (comma-separated origins); a malformed entry is an error at start that shows a right one. */
export function parseCorsOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const entry of (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    // `localhost:5173` parses as a URL of scheme "localhost:", so the scheme is checked first.
    if (!/^https?:\/\//i.test(entry)) {
      const example = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? "https://surf.example" : `http://${entry}`;
      throw new Error(
        `CORS_ORIGINS entry '${entry}' needs its scheme, http:// or https://: write it like ${example} ` +
          "(several separated by commas)",
      );
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`CORS_ORIGINS entry '${entry}' is not an origin: write it like https://surf.example`);
    }
    if (url.origin !== entry.replace(/\/$/, "")) {
      throw new Error(
        `CORS_ORIGINS entry '${entry}' must be a bare origin (scheme, host and port only): write ${url.origin}`,
      );
    }
    origins.add(url.origin);
  }
  return origins;
}

/** A local front-end's dev server, on any port: http://localhost:5173, http://127.0.0.1:3001… */
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** `allowed`, and any local origin (what `npm run dev` allows, so a front-end on the same machine can call it). */
export function withLocalOrigins(allowed: OriginAllowList): OriginAllowList {
  return { has: (origin) => LOCAL_ORIGIN.test(origin) || allowed.has(origin) };
}

/** The request's origin when the allow-list has it, else null (two Origin headers read as one unknown origin). */
export function allowedOrigin(origin: string | null, allowed: OriginAllowList): string | null {
  return origin !== null && allowed.has(origin) ? origin : null;
}

/** The headers every answer gets for this request's Origin (none for other origins). */
export function corsHeaders(origin: string | null, allowed: OriginAllowList): string[] {
  const echoed = allowedOrigin(origin, allowed);
  if (echoed === null) return [];
  return ["access-control-allow-origin", echoed, "access-control-expose-headers", "ETag, X-Request-Id, Link"];
}

/** A CORS preflight: OPTIONS with an Origin and the method the browser means to send. */
export function isPreflight(request: Request): boolean {
  return (
    request.method === "OPTIONS" &&
    request.headers.has("origin") &&
    request.headers.has("access-control-request-method")
  );
}

/** A list of header names (HTTP tokens, comma-separated), of a sane length: nothing else is echoed. */
const HEADER_NAMES = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const HEADER_NAMES_MAX_LENGTH = 1024;

/**
 * What a preflight allows: GET, and the request headers the browser asked for when they are
 * a well-formed list of names (anything else is not echoed, and the browser then refuses).
 */
export function preflightHeaders(request: Request): string[] {
  const headers = ["access-control-allow-methods", "GET", "access-control-max-age", "600"];
  const requested = request.headers.get("access-control-request-headers")?.trim();
  if (requested && requested.length <= HEADER_NAMES_MAX_LENGTH && HEADER_NAMES.test(requested)) {
    headers.push("access-control-allow-headers", requested);
  }
  return headers;
}

/**
 * CORS for allow-listed origins only. Matching is exact on scheme, host and port:
 * `https://surf.example.evil.test` and `http://surf.example` are not `https://surf.example`.
 */

/** Parses `CORS_ORIGINS` (comma-separated origins); a malformed entry is an error at start. */
export function parseCorsOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const entry of (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`CORS_ORIGINS entry '${entry}' is not an origin like https://surf.example`);
    }
    if (url.origin !== entry.replace(/\/$/, "")) {
      throw new Error(`CORS_ORIGINS entry '${entry}' must be a bare origin (scheme, host, port) like ${url.origin}`);
    }
    origins.add(url.origin);
  }
  return origins;
}

/** The request's origin when the allow-list has it, else null (two Origin headers read as one unknown origin). */
export function allowedOrigin(origin: string | null, allowed: Set<string>): string | null {
  return origin !== null && allowed.has(origin) ? origin : null;
}

/** The headers every answer gets for this request's Origin (none for other origins). */
export function corsHeaders(origin: string | null, allowed: Set<string>): string[] {
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

export function preflightHeaders(request: Request): string[] {
  const headers = ["access-control-allow-methods", "GET", "access-control-max-age", "600"];
  const requested = request.headers.get("access-control-request-headers");
  if (requested) headers.push("access-control-allow-headers", requested);
  return headers;
}

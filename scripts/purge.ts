/**
 * `npm run purge`: after a deploy, asks the cache in front of the API to drop every copy
 * made from the old snapshot, by its purge tag `snapshot-<old version>` (runtime/http/
 * purge-tags.ts). The request is the one deploy/varnish/default.vcl takes: `PURGE` with the
 * tag in an `xkey-purge` header (`xkey-softpurge` with --soft: copies go stale and are
 * revalidated, a 304 where nothing changed, and still serve through an outage).
 *
 *   PURGE_URL=http://127.0.0.1:6081/ npm run purge -- <old version> [--soft]
 *   npm run purge -- <old version> --url http://127.0.0.1:6081/
 *
 * CDNs purge by the same tag with their own APIs (deploy/varnish/README.md has both):
 *   Fastly (Surrogate-Key):  curl -X POST -H "Fastly-Key: $FASTLY_TOKEN" \
 *                              https://api.fastly.com/service/$SERVICE_ID/purge/snapshot-<old version>
 *   Cloudflare (Cache-Tag):  curl -X POST -H "Authorization: Bearer $CF_TOKEN" -H "Content-Type: application/json" \
 *                              https://api.cloudflare.com/client/v4/zones/$ZONE_ID/purge_cache \
 *                              --data '{"tags":["snapshot-<old version>"]}'
 */
import { parseArgs } from "node:util";
import { isMainModule } from "../runtime/main-module.ts";

/** A snapshot version as /healthz reports it: the hex digits of a hash. */
const VERSION = /^[0-9a-f]{1,64}$/;
const TIMEOUT_MS = 10_000;

export interface PurgeRequest {
  /** The cache's address for purges (any path: Varnish's VCL looks at the method and header only). */
  url: string;
  /** The snapshot version whose copies go. */
  version: string;
  soft?: boolean;
}

/** Sends the purge; resolves with the cache's status and answer (`{"purged": <copies>}` from Varnish). */
export async function purgeSnapshot(request: PurgeRequest): Promise<{ status: number; body: string }> {
  const header = request.soft ? "xkey-softpurge" : "xkey-purge";
  const response = await fetch(request.url, {
    method: "PURGE",
    headers: { [header]: `snapshot-${request.version}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: response.status, body: await response.text() };
}

/** The purge a command line asks for, or an error that says what to write instead. */
export function parsePurgeArguments(args: string[], env: NodeJS.ProcessEnv): PurgeRequest {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { url: { type: "string" }, soft: { type: "boolean", default: false } },
  });
  const usage = "usage: PURGE_URL=http://cache:6081/ npm run purge -- <old snapshot version> [--soft]";
  const url = values.url ?? env.PURGE_URL;
  if (!url) throw new Error(`the cache's purge address is missing: set PURGE_URL or pass --url\n${usage}`);
  if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`'${url}' is not an http(s) address like http://cache:6081/`);
  if (positionals.length !== 1) throw new Error(`give exactly one snapshot version\n${usage}`);
  const version = positionals[0].replace(/^snapshot-/, "");
  if (!VERSION.test(version)) {
    throw new Error(`'${positionals[0]}' is not a snapshot version: give the hex "version" that /healthz reported`);
  }
  return { url, version, soft: values.soft };
}

async function main(): Promise<number> {
  let request: PurgeRequest;
  try {
    request = parsePurgeArguments(process.argv.slice(2), process.env);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const { status, body } = await purgeSnapshot(request);
  const ok = status >= 200 && status < 300;
  (ok ? console.log : console.error)(`${status} from ${request.url} for snapshot-${request.version}: ${body.trim()}`);
  return ok ? 0 : 1;
}

if (isMainModule(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`the purge could not be sent: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}

/**
 * The two baselines the API is measured against, in the same run on the same machine:
 * a bare Node `http` server and a bare h3 app, each answering every request with one
 * constant JSON body of a given size.
 *
 *   node --import tsx scripts/bench/baseline-servers.ts node|h3 BODY_BYTES
 * prints `listening PORT` once ready.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { H3 } from "h3";
import { toNodeHandler } from "h3/node";

const [kind, bytesText] = process.argv.slice(2);
const body = JSON.stringify({ padding: "x".repeat(Math.max(0, Number(bytesText) - 14)) });
const headers = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=300, stale-while-revalidate=600",
  etag: '"constant"',
};

const server =
  kind === "h3"
    ? createServer(toNodeHandler(new H3().all("/**", () => new Response(body, { headers }))))
    : createServer((_request, response) => {
        response.writeHead(200, headers);
        response.end(body);
      });
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));

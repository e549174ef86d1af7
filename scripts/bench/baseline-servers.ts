/**
 * The two baselines the API is measured against, in the same run on the same machine:
 * a bare Node `http` server and a bare h3 app, each answering with bodies the API itself
 * sent, read from a file (one JSON body per line), in turn.
 *
 *   node --import tsx scripts/bench/baseline-servers.ts node|h3 BODIES_FILE
 * prints `listening PORT` once ready.
 *
 * The very same bytes, not a padding of the same size: the load generator shares the
 * machine's two cores and reads every body into a string (autocannon's `req.body += data`),
 * which costs it more for real JSON with a few non-ASCII letters than for "xxx…". A bare
 * server answering "xxx…" of the size of the stream's answers ran at 9,400–11,100 req/s
 * when one answering the stream's own bodies ran at 6,500–7,100: the padding made the
 * client cheaper, and charged its cost to the API.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { H3 } from "h3";
import { toNodeHandler } from "h3/node";

const [kind, bodiesFile] = process.argv.slice(2);
const bodies = readFileSync(bodiesFile, "utf8")
  .split("\n")
  .map((body) => Buffer.from(body));
const headers = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=300, stale-while-revalidate=600",
  etag: '"constant"',
};
let next = 0;
const nextBody = () => bodies[next++ % bodies.length];

const server =
  kind === "h3"
    ? createServer(toNodeHandler(new H3().all("/**", () => new Response(nextBody(), { headers }))))
    : createServer((_request, response) => {
        response.writeHead(200, headers);
        response.end(nextBody());
      });
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));

/**
 * The benchmark's HTTP loads: the API next to bare servers answering bodies of the same
 * size. On a shared 2-core machine, throughput drifts by a third within a minute, so
 * a load and its baseline run back to back (in alternating order), in several rounds,
 * and a share of bare Node is the median of the rounds' own shares, not a ratio of two
 * loads a minute apart.
 */
import { finished, run, waitForPort } from "../child-process.ts";

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Bytes read per response, headers included. */
  bytesPerResponse: number;
  /** Paths sent, warm-up included: where the next distinct stream starts. */
  sent: number;
}

export interface Pair {
  api: LoadResult;
  node: LoadResult;
}

export interface HttpFigures {
  bodyBytes: number;
  /** One repeated URL, next to bare Node answering a body of its size, per round. */
  repeated: Pair[];
  /** URLs never repeated, next to bare Node answering the stream's mean body, per round. */
  distinct: (Pair & { bodyBytes: number })[];
  worldMap: LoadResult;
  h3: LoadResult;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  rounds: number;
}

function load(port: number, target: string, options: LoadOptions, from?: number): Promise<LoadResult> {
  const args = [String(port), String(options.seconds), String(options.connections), target];
  return finished(run("scripts/bench/load.ts", from === undefined ? args : [...args, String(from)])).then(
    (output) => JSON.parse(output) as LoadResult,
  );
}

async function baseline(kind: "node" | "h3", bodyBytes: number, options: LoadOptions): Promise<LoadResult> {
  const server = run("scripts/bench/baseline-servers.ts", [kind, String(bodyBytes)]);
  const port = await waitForPort(server, /listening (\d+)/);
  try {
    return await load(port, "/", options);
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

/** The two loads of a pair, in the order of the round (the API first in even rounds). */
async function pair(round: number, api: () => Promise<LoadResult>, node: () => Promise<LoadResult>): Promise<Pair> {
  if (round % 2 === 0) {
    const first = await api();
    return { api: first, node: await node() };
  }
  const first = await node();
  return { api: await api(), node: first };
}

export async function measureHttp(
  port: number,
  paths: { repeated: string; worldMap: string },
  bodyBytes: number,
  options: LoadOptions,
): Promise<HttpFigures> {
  const repeated: Pair[] = [];
  const distinct: HttpFigures["distinct"] = [];
  let from = 0;
  for (let round = 0; round < options.rounds; round++) {
    repeated.push(
      await pair(
        round,
        () => load(port, paths.repeated, options),
        () => baseline("node", bodyBytes, options),
      ),
    );
    // The stream's pages hold 1 to 100 items, so its answers are larger than the repeated
    // one's: its baseline sends the stream's mean body (headers weigh the same), known once
    // the stream has run; the first round's is kept for the others.
    let streamBodyBytes = distinct[0]?.bodyBytes ?? 0;
    const stream = async () => {
      const result = await load(port, "--distinct", options, from);
      from += result.sent;
      const headerBytes = repeated[0].api.bytesPerResponse - bodyBytes;
      if (round === 0) streamBodyBytes = Math.round(result.bytesPerResponse - headerBytes);
      return result;
    };
    const streamPair = await pair(round, stream, () => baseline("node", streamBodyBytes, options));
    distinct.push({ ...streamPair, bodyBytes: streamBodyBytes });
  }
  const worldMap = await load(port, paths.worldMap, options);
  const h3 = await baseline("h3", bodyBytes, options);
  return { bodyBytes, repeated, distinct, worldMap, h3 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The API's share of bare Node's throughput: the median of the rounds' shares, and each round's. */
export function shareOfNode(pairs: Pair[]): { median: number; rounds: number[] } {
  const rounds = pairs.map(({ api, node }) => api.rps / node.rps);
  return { median: median(rounds), rounds };
}

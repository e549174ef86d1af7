/**
 * The benchmark's HTTP loads: the API next to bare servers answering the very bodies the
 * API sent (baseline-servers.ts says why not a padding). On a shared 2-core machine,
 * throughput drifts by a third within a minute, so a load and its baseline run back to
 * back (in alternating order), in several rounds, and a share of bare Node is the median
 * of the rounds' own shares, not a ratio of two loads a minute apart.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished, run, waitForPort } from "../child-process.ts";
import { distinctPath } from "./queries.ts";

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
  /** The repeated request's body. */
  bodyBytes: number;
  /** One repeated URL, next to bare Node answering its very body, per round. */
  repeated: Pair[];
  /** URLs never repeated, next to bare Node answering a sample of the stream's own bodies, per round. */
  distinct: Pair[];
  /** The bodies the stream's baseline answers with: how many, and their mean. */
  streamSample: { bodies: number; meanBytes: number };
  /** The mean body the API sent in the stream's first round, for comparison with the sample's. */
  streamMeanBytes: number;
  worldMap: LoadResult;
  h3: LoadResult;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  rounds: number;
}

/** Where the stream's warm-up starts: its offsets (the index / 100) are past the end of any list. */
const WARM_UP_FROM = 10_000_000;

/** How many of the stream's answers its baseline answers with, taken evenly from its first round. */
const STREAM_SAMPLE = 300;

function load(port: number, target: string, options: LoadOptions, from?: number): Promise<LoadResult> {
  const args = [String(port), String(options.seconds), String(options.connections), target];
  return finished(run("scripts/bench/load.ts", from === undefined ? args : [...args, String(from)])).then(
    (output) => JSON.parse(output) as LoadResult,
  );
}

async function baseline(kind: "node" | "h3", bodiesFile: string, options: LoadOptions): Promise<LoadResult> {
  const server = run("scripts/bench/baseline-servers.ts", [kind, bodiesFile]);
  const port = await waitForPort(server, /listening (\d+)/);
  try {
    return await load(port, "/", options);
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
  }
}

/** Asks the API for each path and writes the bodies, one per line, for a baseline to answer with. */
async function writeBodies(port: number, paths: string[], file: string): Promise<number[]> {
  const bodies: string[] = [];
  for (const path of paths) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    const body = await response.text();
    if (response.status !== 200 || body.includes("\n")) throw new Error(`${path} cannot be a baseline's body`);
    bodies.push(body);
  }
  writeFileSync(file, bodies.join("\n"));
  return bodies.map((body) => Buffer.byteLength(body));
}

/** STREAM_SAMPLE of the `sent` paths of the stream from `from` on, taken evenly (all of them when fewer). */
function sampledPaths(from: number, sent: number): string[] {
  const count = Math.min(STREAM_SAMPLE, sent);
  if (count === 0) throw new Error("the stream's load sent no request: there is no body to answer with");
  return Array.from({ length: count }, (_, k) => distinctPath(from + Math.floor(((k + 0.5) * sent) / count)));
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
  options: LoadOptions,
): Promise<HttpFigures> {
  const folder = mkdtempSync(join(tmpdir(), "bench-bodies-"));
  try {
    const repeatedBodies = join(folder, "repeated.txt");
    const [bodyBytes] = await writeBodies(port, [paths.repeated], repeatedBodies);
    const streamBodies = join(folder, "stream.txt");
    const repeated: Pair[] = [];
    const distinct: Pair[] = [];
    let streamSample = { bodies: 0, meanBytes: 0 };
    let streamMeanBytes = 0;
    // The stream's own warm-up, unmeasured, before the first round: its queries reach code
    // that a load's one-second warm-up leaves to the optimizing compiler. On a fresh server
    // at 10k, V8's compiler threads held 16% of the process's CPU samples 1.5 to 4.5 s into
    // the stream, and 1.7% 10.5 to 13.5 s into it: round 0 would measure a process still
    // being compiled, the later rounds a warm one. It sends the stream's kinds of queries
    // from far along it (pages past the end), so the rounds still send their URLs from the
    // start: the same pages as without it, none of them seen before.
    await load(port, "--distinct", options, WARM_UP_FROM);
    let from = 0;
    for (let round = 0; round < options.rounds; round++) {
      repeated.push(
        await pair(
          round,
          () => load(port, paths.repeated, options),
          () => baseline("node", repeatedBodies, options),
        ),
      );
      // The first round runs the API first: its stream's answers, asked for again once it
      // has run (no later stream sends those URLs), are what the baseline answers in every round.
      const stream = async () => {
        const result = await load(port, "--distinct", options, from);
        if (round === 0) {
          const sizes = await writeBodies(port, sampledPaths(from, result.sent), streamBodies);
          streamSample = { bodies: sizes.length, meanBytes: sizes.reduce((sum, size) => sum + size, 0) / sizes.length };
          streamMeanBytes = result.bytesPerResponse - (repeated[0].api.bytesPerResponse - bodyBytes);
        }
        from += result.sent;
        return result;
      };
      distinct.push(await pair(round, stream, () => baseline("node", streamBodies, options)));
    }
    const worldMap = await load(port, paths.worldMap, options);
    const h3 = await baseline("h3", repeatedBodies, options);
    return { bodyBytes, repeated, distinct, streamSample, streamMeanBytes, worldMap, h3 };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
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

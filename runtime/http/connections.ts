/**
 * Bounds on connections, so that clients which hold sockets without using them cannot
 * take the API down (SECURITY.md states the figures):
 *
 * - A connection must deliver a complete request head within HEADERS_TIMEOUT_MS of
 *   opening, or of starting its next request (slow or silent clients).
 * - An idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS: longer than a
 *   CDN's or load balancer's own idle timeout (60 s is common), so they close first and
 *   never reuse a socket we are closing.
 * - A response that the client does not read (no byte accepted) for STALLED_WRITE_MS is
 *   abandoned: its socket is closed and what it held is freed.
 * - At most `maxConnections` are open (below the process's open-file limit): one more
 *   sheds the idle connection that has waited longest; if none is idle, the new one is
 *   refused. A new client, /healthz included, always gets in.
 *
 * Node's own timeouts (headersTimeout, requestTimeout, keepAliveTimeout) are set too, but
 * it checks them only every 30 s; one sweep a second here keeps the bounds tight.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const STALLED_WRITE_MS = 30_000;
const SWEEP_MS = 1000;
/**
 * Connections a sweep closes per turn of the event loop. Thousands of silent connections
 * reach their timeout in the same second; closing them all at once would hold the event
 * loop for the whole sweep, and requests would wait behind it.
 */
export const CLOSES_PER_TURN = 256;

export interface ConnectionLimits {
  maxConnections: number;
  headersTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  stalledWriteMs?: number;
}

/** What a sweep knows of one connection. */
interface Tracked {
  socket: Socket;
  /** Responses in progress on it. */
  active: number;
  /** When it opened, or when its last response finished: the start of its wait for a request. */
  waitingSince: number;
  /** bytesRead at that moment: more since then means a request head is arriving. */
  readAtWait: number;
  /**
   * Bytes queued for the client and bytes handed to the socket in all, at the last sweep,
   * and when either last moved: a reader that accepts nothing leaves both where they are.
   * (A large answer goes out in slices, each queued once the last has drained.)
   */
  pending: number;
  queued: number;
  drainedAt: number;
}

export interface ConnectionCounts {
  open: number;
  shed: number;
  timedOut: number;
  stalled: number;
}

/** Installs the bounds on a listening server; returns counters, the connections open now, and a stop for shutdown. */
export function guardConnections(server: Server, limits: ConnectionLimits) {
  const headersTimeoutMs = limits.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const keepAliveTimeoutMs = limits.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS;
  const stalledWriteMs = limits.stalledWriteMs ?? STALLED_WRITE_MS;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = Math.max(REQUEST_TIMEOUT_MS, headersTimeoutMs);
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Insertion order is age: the first idle entry is the one that has waited longest.
  const tracked = new Map<Socket, Tracked>();
  const counts: ConnectionCounts = { open: 0, shed: 0, timedOut: 0, stalled: 0 };

  /** Stops tracking a connection, counted under its reason; the caller destroys its socket. */
  const retire = (entry: Tracked, reason: "shed" | "timedOut" | "stalled") => {
    counts[reason]++;
    tracked.delete(entry.socket);
    return entry.socket;
  };

  // Before http's own listener: a connection shed at once costs no parser.
  server.prependListener("connection", (socket: Socket) => {
    const now = Date.now();
    tracked.set(socket, { socket, active: 0, waitingSince: now, readAtWait: 0, pending: 0, queued: 0, drainedAt: now });
    socket.once("close", () => tracked.delete(socket));
    if (tracked.size <= limits.maxConnections) return;
    for (const entry of tracked.values()) {
      const idle = entry.active === 0 && entry.socket.writableLength === 0;
      if (idle && entry.socket !== socket) return void retire(entry, "shed").destroy();
    }
    retire(tracked.get(socket)!, "shed").destroy(); // every other connection is busy: refuse this one
  });

  server.on("request", (request, response) => {
    const entry = tracked.get(request.socket);
    if (!entry) return;
    entry.active++;
    response.once("close", () => {
      entry.active--;
      entry.waitingSince = Date.now();
      entry.readAtWait = entry.socket.bytesRead;
    });
  });

  const sweep = setInterval(() => {
    const now = Date.now();
    const expired: Socket[] = [];
    counts.open = tracked.size;
    for (const entry of tracked.values()) {
      const { socket } = entry;
      // Bytes still queued for the client, whether or not the response counts as finished.
      const pending = socket.writableLength;
      const queued = socket.bytesWritten;
      if (pending === 0 || pending < entry.pending || queued !== entry.queued) entry.drainedAt = now;
      entry.pending = pending;
      entry.queued = queued;
      if (pending > 0) {
        if (now - entry.drainedAt > stalledWriteMs) expired.push(retire(entry, "stalled"));
        continue;
      }
      if (entry.active > 0) continue; // being answered
      const waited = now - entry.waitingSince;
      const requestStarted = socket.bytesRead > entry.readAtWait || entry.readAtWait === 0;
      if (requestStarted ? waited > headersTimeoutMs : waited > keepAliveTimeoutMs)
        expired.push(retire(entry, "timedOut"));
    }
    destroyInTurns(expired);
  }, SWEEP_MS);
  sweep.unref();

  return { counts, open: () => tracked.size, stop: () => clearInterval(sweep) };
}

/** Destroys the sockets, CLOSES_PER_TURN per turn of the event loop, so that what else waits is served between. */
export function destroyInTurns(sockets: Pick<Socket, "destroy">[], from = 0): void {
  const end = Math.min(from + CLOSES_PER_TURN, sockets.length);
  for (let i = from; i < end; i++) sockets[i].destroy();
  if (end < sockets.length) setImmediate(destroyInTurns, sockets, end);
}

/** The process's open-file limit (soft), where the system says it; null elsewhere. */
export function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return line && line[1] !== "unlimited" ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The default connection cap: four fifths of the open-file limit (the rest is for files,
 * the upstream and the connections being shed), at least 64; 4096 where the limit is unknown.
 */
export function defaultMaxConnections(limit = openFileLimit()): number {
  return limit === null ? 4096 : Math.max(64, Math.floor(limit * 0.8));
}

/**
 * Clients that hold sockets without using them, at small scale and with short limits:
 * silent and slow connections are closed, the oldest idle ones make room for new clients,
 * and a response nobody reads is abandoned. `npm run attack` runs the same at full scale.
 */
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { writeAnswer } from "../../runtime/http/answer.ts";
import {
  CLOSES_PER_TURN,
  defaultMaxConnections,
  destroyInTurns,
  guardConnections,
} from "../../runtime/http/connections.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { startTestServer } from "../helpers/server.ts";
import { waitUntil } from "../helpers/wait.ts";

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** A raw connection that sends `text` (maybe nothing) and then stays silent; resolves when connected. */
function open(port: number, text = ""): Promise<Socket & { closedAt?: number }> {
  return new Promise((resolve, reject) => {
    const socket: Socket & { closedAt?: number } = connect(port, "127.0.0.1", () => {
      if (text) socket.write(text);
      resolve(socket);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      socket.closedAt = Date.now();
    });
    socket.once("error", reject);
    sockets.push(socket);
  });
}

describe("the production server", () => {
  let server: RunningServer;
  afterAll(() => server?.close());

  it("keeps answering /healthz with many more idle connections than its cap: the oldest idle are shed", async () => {
    server = await startTestServer({ connections: { maxConnections: 40 } });
    const idle: (Socket & { closedAt?: number })[] = [];
    for (let i = 0; i < 200; i++) idle.push(await open(server.port));
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    // The first ones opened were shed to make room; the last ones are still open: shed, not
    // timed out (they were all opened together, so a timeout would close the last ones too).
    await waitUntil("the oldest idle connections shed", () =>
      idle.slice(0, 100).every((socket) => socket.closedAt !== undefined),
    );
    expect(idle.at(-1)!.closedAt).toBeUndefined();
  });
});

describe("the connection guard, on a plain server", () => {
  let server: Server;
  let port: number;
  let guard: ReturnType<typeof guardConnections>;
  const body = Buffer.alloc(32 * 2 ** 20, "x"); // more than any socket buffer holds

  const start = async () => {
    // Answers written the way the API writes them (writeAnswer), from one shared body.
    server = createServer((request, response) => {
      const bytes = request.url === "/big" ? body : Buffer.from("ok");
      writeAnswer(response, { status: 200, headers: ["content-length", String(bytes.length)], body: bytes }, []);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
    guard = guardConnections(server, {
      maxConnections: 100,
      headersTimeoutMs: 600,
      keepAliveTimeoutMs: 1500,
      // Loopback's kernel buffers hold megabytes: a reader's progress shows in bursts a second or more apart.
      stalledWriteMs: 2500,
    });
  };
  afterEach(async () => {
    guard?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("closes a silent connection, and one sending its head too slowly, at the headers timeout", async () => {
    await start();
    const opened = Date.now();
    const silent = await open(port);
    const slow = await open(port, "GET / HTTP/1.1\r\nHost: x\r\n");
    await waitUntil("both connections closed", () => silent.closedAt !== undefined && slow.closedAt !== undefined);
    // Not before the headers timeout, and by it: the guard counts both as timed out.
    expect(silent.closedAt! - opened).toBeGreaterThanOrEqual(600);
    expect(slow.closedAt! - opened).toBeGreaterThanOrEqual(600);
    expect(guard.counts.timedOut).toBe(2);
  });

  it("keeps an idle keep-alive connection for the keep-alive timeout, then closes it", async () => {
    await start();
    const socket = await open(port, "GET /small HTTP/1.1\r\nHost: x\r\n\r\n");
    socket.resume(); // reads the answer, so that the close that follows is seen
    const answered = Date.now();
    await waitUntil("the idle connection closed", () => socket.closedAt !== undefined);
    // Not at the headers timeout (600 ms): after a response, the wait is keep-alive's.
    expect(socket.closedAt! - answered).toBeGreaterThanOrEqual(1400);
  });

  it("abandons a response the client does not read, and keeps one it reads slowly", async () => {
    await start();
    const stalled = await open(port, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n");
    stalled.pause(); // never reads
    const slow = await open(port, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n");
    let received = 0;
    slow.on("data", (chunk: Buffer) => {
      received += chunk.length;
      slow.pause();
      // Reads, with pauses: a few MB/s, slower than loopback, faster than the kernel's buffers hide.
      setTimeout(() => slow.resume(), 5);
    });
    await waitUntil("the unread response abandoned", () => guard.counts.stalled === 1);
    // The slow reader gets the whole answer.
    await waitUntil("the slow reader's whole answer", () => received > body.length);
    expect(guard.counts.stalled).toBe(1);
  }, 40_000);

  it("closes the connections a sweep retires a few hundred per turn of the event loop, all of them", async () => {
    const destroyed: number[] = [];
    const retired = Array.from({ length: 2.5 * CLOSES_PER_TURN }, (_, i) => ({
      destroy: () => {
        destroyed.push(i);
        return undefined as never;
      },
    }));
    destroyInTurns(retired);
    expect(destroyed.length).toBe(CLOSES_PER_TURN);
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed.length).toBe(2 * CLOSES_PER_TURN);
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed).toEqual(retired.map((_, i) => i));
  });

  it("sets the cap below the open-file limit", () => {
    expect(defaultMaxConnections(20_000)).toBe(16_000);
    expect(defaultMaxConnections(10)).toBe(64);
    expect(defaultMaxConnections(null)).toBe(4096);
  });
});

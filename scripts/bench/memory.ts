/**
 * What the server's memory does under the two loads that used to grow it: a stream of
 * distinct free-text queries (each a new memo and a new answer), and clients that ask for
 * the whole map without accepting compression and never read the answer. Prints resident
 * memory before, during and after, as JSON:
 *   node --import tsx scripts/bench/memory.ts PORT PID QUERIES CLIENTS
 */
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { distinctQ } from "./queries.ts";

const [port, pid, queries, clients] = process.argv.slice(2).map(Number);
const residentMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const before = residentMiB();

// Distinct q values, 16 at a time over keep-alive connections.
let next = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < queries) {
      const q = distinctQ(next++);
      await (await fetch(`http://127.0.0.1:${port}/api/spots?q=${encodeURIComponent(q)}`)).arrayBuffer();
    }
  }),
);
const afterQueries = residentMiB();

// Clients that ask for the whole map and never read a byte of it (a map, checked here, not an error).
const map = await fetch(`http://127.0.0.1:${port}/api/spots/map`);
if (map.status !== 200) throw new Error(`the whole map answered ${map.status}: ${(await map.text()).slice(0, 300)}`);
await map.arrayBuffer();
const sockets: Socket[] = [];
for (let i = 0; i < clients; i++) {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  socket.write("GET /api/spots/map HTTP/1.1\r\nHost: bench\r\n\r\n");
  socket.pause();
  sockets.push(socket);
}
await new Promise((resolve) => setTimeout(resolve, 5000));
const withStalledClients = residentMiB();
for (const socket of sockets) socket.destroy();
await new Promise((resolve) => setTimeout(resolve, 3000));
console.log(JSON.stringify({ before, afterQueries, withStalledClients, afterClients: residentMiB() }));

/**
 * Holds COUNT TCP connections to the server that never send a byte, opening a new one a
 * second after the server closes one, for SECONDS; prints how many it opened and how many the
 * server closed, as JSON. Run as its own process (its own open-file limit):
 *   node --import tsx scripts/attack/idle-clients.ts PORT COUNT SECONDS
 */
import { connect } from "node:net";

const [port, count, seconds] = process.argv.slice(2).map(Number);
const deadline = Date.now() + seconds * 1000;
let opened = 0;
let closedByServer = 0;
let failed = 0;

function hold(): void {
  if (Date.now() > deadline) return;
  opened++;
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {
    failed++;
  });
  socket.on("close", () => {
    if (Date.now() > deadline) return;
    closedByServer++;
    setTimeout(hold, 1000);
  });
  sockets.push(socket);
}

const sockets: ReturnType<typeof connect>[] = [];
// In batches, so the kernel's accept queue is not the thing measured.
for (let i = 0; i < count; i++) {
  hold();
  if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 20));
}
await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
console.log(JSON.stringify({ opened, closedByServer, failed }));
for (const socket of sockets) socket.destroy();
process.exit(0);

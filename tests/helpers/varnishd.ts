/**
 * A real varnishd (Debian's varnish, with xkey from varnish-modules; `npm test` installs them as
 * root) on a loopback port the kernel picks, running the shipped deploy/varnish/default.vcl
 * over given replicas: the shipped backends.vcl with each backend's host and port replaced.
 * A missing varnishd fails the tests that need it: it is never skipped.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { waitUntil } from "./wait.ts";

const VARNISHD = "/usr/sbin/varnishd";
const VARNISHADM = "/usr/bin/varnishadm";
const VARNISHLOG = "/usr/bin/varnishlog";
export const VARNISH_PROGRAMS = [VARNISHD, VARNISHADM, VARNISHLOG];
const VCL_DIR = path.resolve("deploy/varnish");

export interface TestVarnish {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** A varnishadm command's output, e.g. `backend.list`. */
  admin(...command: string[]): Promise<string>;
  /** Varnish's log so far of the given record tags, e.g. `TTL`: one `-   TTL   <fields>` line per record. */
  log(tag: string): Promise<string>;
  /** Waits until varnishd's probes see every replica as `healthy` or every one as `sick`. */
  replicasAre(health: "healthy" | "sick"): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
  output(): string;
}

/** The shipped backends.vcl, its backends (in order) pointed at `replicas` (`http://127.0.0.1:PORT`). */
function backendsFor(replicas: string[]): string {
  let index = 0;
  const vcl = readFileSync(path.join(VCL_DIR, "backends.vcl"), "utf8").replace(
    /\.host = "[^"]*";\s*\.port = "[^"]*";/g,
    (found) => {
      const replica = replicas[index++];
      if (!replica) return found;
      const { hostname, port } = new URL(replica);
      return `.host = "${hostname}"; .port = "${port}";`;
    },
  );
  if (index !== replicas.length) throw new Error(`backends.vcl has ${index} backends, the test ${replicas.length}`);
  return vcl;
}

export async function startVarnish(replicas: string[]): Promise<TestVarnish> {
  for (const program of VARNISH_PROGRAMS) {
    if (!existsSync(program)) throw new Error(`${program} is missing: install Debian's varnish and varnish-modules`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "surf-varnish-"));
  const vclPath = path.join(dir, "vcl");
  mkdirSync(vclPath);
  writeFileSync(path.join(vclPath, "backends.vcl"), backendsFor(replicas));
  const workdir = path.join(dir, "work");
  // -j none: no privilege separation (the test's own user owns the folder); -F: in the foreground.
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      ...["-F", "-j", "none", "-n", workdir, "-a", "127.0.0.1:0", "-T", "127.0.0.1:0", "-s", "malloc,32m"],
      ...["-p", `vcl_path=${vclPath}`, "-p", "http_gzip_support=off", "-f", path.join(VCL_DIR, "default.vcl")],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const admin = async (...command: string[]) =>
    (await promisify(execFile)(VARNISHADM, ["-n", workdir, ...command], { encoding: "utf8" })).stdout;
  const log = async (tag: string) =>
    (await promisify(execFile)(VARNISHLOG, ["-d", "-n", workdir, "-g", "raw", "-i", tag], { encoding: "utf8" })).stdout;
  let address = "";
  await waitUntil(`varnishd listening (it printed:\n${output})`, async () => {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    address = await admin("debug.listen_address").catch(() => "");
    return /^\S+ 127\.0\.0\.1 \d+/m.test(address);
  });
  const port = /^\S+ 127\.0\.0\.1 (\d+)/m.exec(address)![1];

  const replicasAre = (health: "healthy" | "sick") =>
    waitUntil(`every replica ${health} to varnishd`, async () => {
      const lines = (await admin("backend.list")).split("\n").filter((line) => /\.replica_\d+\s/.test(line));
      return lines.length === replicas.length && lines.every((line) => line.split(/\s+/)[3] === health);
    });

  return {
    url: `http://127.0.0.1:${port}`,
    admin,
    log,
    replicasAre,
    output: () => output,
    async remove() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

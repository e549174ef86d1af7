/**
 * `npm run purge` against a loopback fake of the cache that records what it got: the
 * request deploy/varnish/default.vcl takes (PURGE, the tag in xkey-purge or xkey-softpurge),
 * and a clear refusal, sending nothing, when the command line is wrong.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parsePurgeArguments, purgeSnapshot } from "../../scripts/purge.ts";
import { runNode } from "../helpers/process.ts";

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
}

const received: Received[] = [];
let status = 200;
const fake = createServer((request, response) => {
  received.push({ method: request.method, url: request.url, headers: request.headers });
  request.resume();
  response.writeHead(status, { "content-type": "application/json" });
  response.end(status === 200 ? '{"purged":7}' : '{"error":"purging is not allowed from this address"}');
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  status = 200;
});

describe("purgeSnapshot", () => {
  it("sends PURGE with the old snapshot's tag in xkey-purge", async () => {
    const answer = await purgeSnapshot({ url: `${base}/`, version: "3f9a1c2b4d5e6f70" });
    expect(answer).toEqual({ status: 200, body: '{"purged":7}' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "PURGE", url: "/" });
    expect(received[0].headers["xkey-purge"]).toBe("snapshot-3f9a1c2b4d5e6f70");
    expect(received[0].headers["xkey-softpurge"]).toBeUndefined();
  });

  it("sends xkey-softpurge instead when soft", async () => {
    await purgeSnapshot({ url: `${base}/`, version: "3f9a1c2b4d5e6f70", soft: true });
    expect(received[0].headers["xkey-softpurge"]).toBe("snapshot-3f9a1c2b4d5e6f70");
    expect(received[0].headers["xkey-purge"]).toBeUndefined();
  });
});

describe("the command line", () => {
  it("takes the address from PURGE_URL or --url, and the version bare or as its tag", () => {
    expect(parsePurgeArguments(["abc123"], { PURGE_URL: "http://cache:6081/" })).toEqual({
      url: "http://cache:6081/",
      version: "abc123",
      soft: false,
    });
    expect(parsePurgeArguments(["snapshot-abc123", "--url", "http://other/", "--soft"], {})).toEqual({
      url: "http://other/",
      version: "abc123",
      soft: true,
    });
  });

  it.each([
    [["abc123"], {}, /PURGE_URL or pass --url/],
    [["abc123"], { PURGE_URL: "cache:6081" }, /not an http\(s\) address/],
    [[], { PURGE_URL: "http://cache/" }, /exactly one snapshot version/],
    [["a", "b"], { PURGE_URL: "http://cache/" }, /exactly one snapshot version/],
    [["not a version"], { PURGE_URL: "http://cache/" }, /not a snapshot version: give the hex "version"/],
  ])("refuses %j with %j, saying what to write", (args, env, message) => {
    expect(() => parsePurgeArguments(args, env)).toThrow(message);
  });

  it("runs as npm run purge does: exits 0 with the cache's answer, 1 when the cache refuses", async () => {
    const ok = runNode("scripts/purge.ts", { args: ["0123abcd"], env: { ...process.env, PURGE_URL: base } });
    expect(await ok.exited).toBe(0);
    expect(ok.output()).toContain("200 from");
    expect(ok.output()).toContain('{"purged":7}');
    expect(received.map((request) => request.headers["xkey-purge"])).toEqual(["snapshot-0123abcd"]);

    status = 403;
    const refused = runNode("scripts/purge.ts", { args: ["0123abcd"], env: { ...process.env, PURGE_URL: base } });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("403 from");
  });

  it("exits 2 and sends nothing when the command line is wrong", async () => {
    const wrong = runNode("scripts/purge.ts", { args: [], env: { ...process.env, PURGE_URL: base } });
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toContain("usage: PURGE_URL=");
    expect(received).toEqual([]);
  });
});

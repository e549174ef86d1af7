/**
 * What a front-end developer does with the description: generate types with
 * openapi-typescript (the build's own step), call every endpoint through openapi-fetch
 * with its default settings, type-check that client with tsc, run it against the real server.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeOpenApiTypes } from "../../build/openapi.ts";
import { openApiPathFor } from "../../runtime/openapi/load.ts";
import type { RunningServer } from "../../runtime/server.ts";
import { startTestServer } from "../helpers/server.ts";

// Inside the project, so the client resolves openapi-fetch from its node_modules.
mkdirSync(".cache", { recursive: true });
const dir = mkdtempSync(path.resolve(".cache", "typed-client-"));
const description = JSON.parse(readFileSync(openApiPathFor(inject("snapshotPath")), "utf8"));
let server: RunningServer;

/** What every-endpoint.ts reports of each call (it is type-checked apart, against generated types). */
interface Call {
  path: string;
  status: number;
  seen: string;
}

beforeAll(async () => {
  // Generated in this test's own folder (openapi.d.ts beside a copy of the description): the
  // run's shared snapshot folder holds only what the build wrote (determinism.test.ts checks it).
  const descriptionFile = path.join(dir, "openapi.json");
  copyFileSync(openApiPathFor(inject("snapshotPath")), descriptionFile);
  await writeOpenApiTypes(descriptionFile);
  copyFileSync("tests/typed-client/every-endpoint.ts", path.join(dir, "every-endpoint.ts"));
  const compilerOptions = {
    ...JSON.parse(readFileSync("tsconfig.json", "utf8")).compilerOptions,
    noUnusedLocals: true,
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const typeCheck = () =>
  spawnSync(path.resolve("node_modules/.bin/tsc"), ["-p", path.join(dir, "tsconfig.json")], {
    encoding: "utf8",
    timeout: 60_000,
  });

describe("a typed client (openapi-typescript + openapi-fetch, default settings)", () => {
  it("type-checks against the generated types, and a wrong path or parameter does not", () => {
    const checked = typeCheck();
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);

    const broken = path.join(dir, "broken.ts");
    writeFileSync(
      broken,
      'import createClient from "openapi-fetch";\nimport type { paths } from "./openapi.js";\n' +
        'const api = createClient<paths>({ baseUrl: "" });\n' +
        'export const a = api.GET("/api/spot");\n' +
        'export const b = api.GET("/api/spots", { params: { query: { wavetype: ["reef"] } } });\n',
    );
    try {
      const failed = typeCheck();
      expect(failed.status).not.toBe(0);
      expect(failed.stdout).toMatch(/broken\.ts\(4,/);
      expect(failed.stdout).toMatch(/broken\.ts\(5,.*wavetype/);
    } finally {
      rmSync(broken);
    }
  }, 60_000);

  it("calls every endpoint of the description against the real server and reads typed answers", async () => {
    const { callEveryEndpoint } = (await import(path.join(dir, "every-endpoint.ts"))) as {
      callEveryEndpoint(baseUrl: string): Promise<Call[]>;
    };
    const calls = await callEveryEndpoint(`http://127.0.0.1:${server.port}`);
    const byPath = new Map(calls.map((call) => [call.path, call]));
    const called = new Set(calls.map((call) => call.path.replace(/ \(.*\)$/, "")));
    expect([...called].sort()).toEqual(Object.keys(description.paths).sort());

    for (const call of calls) {
      if (!/\((missing|bad limit)\)$/.test(call.path)) expect(call.status, call.path).toBe(200);
    }
    // Repeated parameters (openapi-fetch's default for arrays) are OR, like `country=PT,ES`.
    const countries = byPath.get("/api/spots")!.seen.split(",");
    expect(countries.length).toBeGreaterThan(0);
    expect(countries.every((country) => country === "PT" || country === "ES")).toBe(true);
    expect(byPath.get("/api/spots/{slug} (missing)")).toMatchObject({ status: 404, seen: "NOT_FOUND" });
    expect(byPath.get("/api/spots (bad limit)")).toMatchObject({ status: 400, seen: "INVALID_QUERY" });
    expect(byPath.get("/api/surfers")!.seen.split(",")).toEqual(["iconic", "iconic", "iconic"]);
    expect(Number(byPath.get("/api/spots/map")!.seen)).toBeGreaterThan(0);
    expect(Number(byPath.get("/api/spots/map (near)")!.seen)).toBeGreaterThanOrEqual(0);
    expect(byPath.get("/api/openapi.json")!.seen).toBe(description.openapi);
    expect(byPath.get("/api/docs")!.seen).toBe("html");
  }, 60_000);
});

/**
 * The two ways tests reach the API, behind one interface: h3's `app.request` (in process)
 * and the real server on a loopback port, through the handler chain production runs
 * (request id, replay cache, app). Contract suites run the same checks through both.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { serializeSnapshot } from "../../build/compile/snapshot.ts";
import { OPENAPI_FILE, type Snapshot } from "../../core/snapshot-format.ts";
import type { ServerConfig } from "../../runtime/config.ts";
import { createApp } from "../../runtime/http/app.ts";
import { loadSnapshotFile } from "../../runtime/snapshot.ts";
import type { SocialService } from "../../runtime/social/service.ts";
import { ALLOWED_ORIGIN } from "./app.ts";
import { testDescription } from "./description.ts";
import type { ObservedResponse } from "./openapi.ts";
import { startTestServer } from "./server.ts";

export interface Target {
  /** The answer as a web Response (the real server's is what `fetch` read off the socket). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  observe(url: string, init?: RequestInit): Promise<ObservedResponse>;
  close(): Promise<void>;
}

async function observed(response: Response): Promise<ObservedResponse> {
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** What a target serves: the test snapshot (or another file), seen at a given moment. */
export interface Setup {
  now?: () => Date;
  snapshotPath?: string;
  social?: SocialService;
  /** The server's own social settings (the app takes `social` instead). */
  socialConfig?: ServerConfig["social"];
}

export type TargetKind = "app.request" | "real server";
export const TARGET_KINDS: TargetKind[] = ["app.request", "real server"];

export async function openTarget(kind: TargetKind, setup: Setup = {}): Promise<Target> {
  const snapshotPath = setup.snapshotPath ?? inject("snapshotPath");
  if (kind === "app.request") {
    const app = createApp({
      catalog: loadSnapshotFile(snapshotPath),
      corsOrigins: new Set([ALLOWED_ORIGIN]),
      now: setup.now,
      social: setup.social,
      openapi: testDescription(),
    });
    const fetch = async (url: string, init: RequestInit = {}) => app.request(url, init);
    return { fetch, observe: async (url, init) => observed(await fetch(url, init)), async close() {} };
  }
  const overrides: Partial<ServerConfig> = { corsOrigins: new Set([ALLOWED_ORIGIN]), snapshotPath };
  if (setup.socialConfig) overrides.social = setup.socialConfig;
  const server = await startTestServer(overrides, undefined, { now: setup.now });
  const base = `http://127.0.0.1:${server.port}`;
  const fetchFromServer = (url: string, init: RequestInit = {}) => fetch(`${base}${url}`, init);
  return {
    fetch: fetchFromServer,
    observe: async (url, init) => observed(await fetchFromServer(url, init)),
    close: () => server.close(),
  };
}

/** Copies the test run's snapshot with the files beside it (pieces, description) into `dir`; returns its path. */
export function copySnapshot(dir: string, { description = true } = {}): string {
  const source = inject("snapshotPath");
  const { pieces } = JSON.parse(readFileSync(source, "latin1")) as Snapshot;
  copyFileSync(path.join(path.dirname(source), pieces.file), path.join(dir, pieces.file));
  if (description) copyFileSync(path.join(path.dirname(source), OPENAPI_FILE), path.join(dir, OPENAPI_FILE));
  const target = path.join(dir, "snapshot.json");
  copyFileSync(source, target);
  return target;
}

/** A copy of the test snapshot (with its description beside it), changed by `edit`; returns its path. */
export function editedSnapshot(edit: (snapshot: Snapshot) => void): { snapshotPath: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "surf-edited-snapshot-"));
  const source = inject("snapshotPath");
  const snapshot = JSON.parse(readFileSync(source, "utf8")) as Snapshot;
  edit(snapshot);
  const snapshotPath = path.join(dir, "snapshot.json");
  copySnapshot(dir);
  // Written as the build would, with the version of what it now holds.
  const { version: _version, builtAt, ...body } = snapshot;
  writeFileSync(snapshotPath, serializeSnapshot(body, builtAt).json, "latin1");
  return { snapshotPath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

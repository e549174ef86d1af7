/**
 * /api/docs in real headless Chromium (Debian's `chromium`, which .ci/run installs),
 * served by the real server on a loopback port: the page loads with no failed request,
 * no request to any other origin, no console error (a CSP violation is one), every tag
 * section present and nothing wider than a phone. Screenshots go to .cache/screenshots/
 * (git-ignored) for a person to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../runtime/server.ts";
import { testDescription } from "../helpers/description.ts";
import { startTestServer } from "../helpers/server.ts";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../.cache/screenshots");
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`browser test skipped: ${CHROMIUM} is missing (apt-get install chromium; .ci/run does)`);

let listener: RunningServer;
let origin: string;
const profiles: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  listener = await startTestServer();
  origin = `http://127.0.0.1:${listener.port}`;
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await listener?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

/** A fresh browser with a new, empty profile and nothing running in the background. */
async function launch(options: {
  viewport: { width: number; height: number };
  isMobile?: boolean;
  deviceScaleFactor?: number;
}): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), "surf-chromium-profile-"));
  profiles.push(profile);
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    ...options,
  });
}

interface Visit {
  requests: string[];
  failed: string[];
  errors: string[];
}

/** Loads /api/docs, recording every request, failure and console error on the way. */
async function visit(
  context: BrowserContext,
  screenshot: string,
): Promise<Visit & { sections: string[]; overflow: number }> {
  const page = await context.newPage();
  const seen: Visit = { requests: [], failed: [], errors: [] };
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("requestfailed", (request) => seen.failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on(
    "response",
    (response) => response.status() >= 400 && seen.failed.push(`${response.url()}: ${response.status()}`),
  );
  page.on("console", (message) => message.type() === "error" && seen.errors.push(message.text()));
  page.on("pageerror", (error) => seen.errors.push(error.message));
  const response = await page.goto(`${origin}/api/docs`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  const sections = await page.locator("section.tag").evaluateAll((nodes) => nodes.map((node) => node.id));
  // Wider than the window means sideways scrolling on a phone (pre blocks scroll inside themselves).
  // A string, evaluated in the page: this project's TypeScript has no DOM types.
  const overflow = (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
  await page.screenshot({ path: path.join(SCREENSHOTS, screenshot) });
  await page.locator("#op-listSpots").evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: path.join(SCREENSHOTS, screenshot.replace(".png", "-endpoint.png")) });
  await page.close();
  return { ...seen, sections, overflow };
}

describe.skipIf(!hasChromium)("/api/docs in headless Chromium", () => {
  const tags = testDescription().tags!.map((tag) => `tag-${tag.name}`);

  it.each([
    ["desktop", { viewport: { width: 1280, height: 900 } }, "docs-desktop.png"],
    ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 }, "docs-phone.png"],
  ] as const)(
    "on a %s: loads only itself, with no error, every tag section, and no sideways scroll",
    async (_device, options, screenshot) => {
      const context = await launch({ ...options, viewport: { ...options.viewport } });
      try {
        const result = await visit(context, screenshot);
        expect(result.failed).toEqual([]);
        expect(result.errors).toEqual([]);
        expect(result.requests.filter((url) => new URL(url).origin !== origin && !url.startsWith("data:"))).toEqual([]);
        expect(result.requests[0]).toBe(`${origin}/api/docs`);
        expect(result.sections).toEqual(tags);
        expect(result.overflow).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});

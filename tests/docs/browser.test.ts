/**
 * /api/docs in real headless Chromium (Debian's `chromium`, which `npm test` installs as root;
 * without it these tests fail, never skip),
 * served by the real server on a loopback port: the page loads with no failed request,
 * no request to any other origin, no console error (a CSP violation is one), every tag
 * section present and nothing wider than a phone. Its tools work under its strict CSP:
 * a try-it form sends a real request and shows the answer, the search filters the
 * contents, the phone's contents menu stays at hand; without JavaScript it still reads.
 * Screenshots go to .cache/screenshots/ (git-ignored) for a person to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../runtime/server.ts";
import { testDescription } from "../helpers/description.ts";
import { startTestServer } from "../helpers/server.ts";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../.cache/screenshots");

let listener: RunningServer;
let origin: string;
const profiles: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (as root: apt-get install chromium)`);
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
  javaScriptEnabled?: boolean;
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

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 };

describe("/api/docs in headless Chromium", () => {
  const tags = testDescription().tags!.map((tag) => `tag-${tag.name}`);

  it.each([
    ["desktop", DESKTOP, "docs-desktop.png"],
    ["phone", PHONE, "docs-phone.png"],
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

/** A page on /api/docs that records every request it makes and every error it meets. */
async function openDocs(context: BrowserContext): Promise<{ page: Page; seen: Visit; csp: string }> {
  const page = await context.newPage();
  const seen: Visit = { requests: [], failed: [], errors: [] };
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("requestfailed", (request) => seen.failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on("console", (message) => message.type() === "error" && seen.errors.push(message.text()));
  page.on("pageerror", (error) => seen.errors.push(error.message));
  const response = await page.goto(`${origin}/api/docs`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  return { page, seen, csp: (await response?.headerValue("content-security-policy")) ?? "" };
}

/** Fills an operation's try-it form (`values` by parameter name), presses Send and reads the answer. */
async function tryIt(page: Page, operation: string, values: Record<string, string>) {
  const form = page.locator(`#${operation} form.try`);
  for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
  await form.locator("button[type=submit]").click();
  const answer = form.locator(".answer[data-status]");
  await answer.waitFor({ timeout: 10_000 });
  const result = {
    status: (await form.locator(".status").textContent()) ?? "",
    url: (await form.locator(".request-url").textContent()) ?? "",
    headers: (await form.locator(".response-headers").textContent()) ?? "",
    body: JSON.parse((await form.locator("pre.body").textContent()) ?? ""),
  };
  // The next Send waits for its own answer, not this one.
  await answer.evaluate((element) => element.removeAttribute("data-status"));
  return result;
}

/** Opens SpotFacets' nested `facets` and its `tags` list in place, and takes a picture of them. */
async function showNested(page: Page, screenshot: string) {
  const schema = page.locator("div.schema:has(#schema-SpotFacets)");
  await schema.locator("summary", { hasText: "fields of facets" }).click();
  await schema.locator("summary", { hasText: "fields of tags" }).click();
  expect(await schema.locator("code", { hasText: "label" }).isVisible()).toBe(true);
  await page.locator("#schema-SpotFacets").evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: path.join(SCREENSHOTS, screenshot) });
}

function otherOrigins(requests: string[]): string[] {
  return requests.filter((url) => new URL(url).origin !== origin && !url.startsWith("data:"));
}

describe("the docs page's tools in headless Chromium, under its CSP", () => {
  it("try it: fills parameters, sends to the page's own origin, shows status, headers and JSON", async () => {
    const context = await launch({ ...DESKTOP });
    try {
      const { page, seen, csp } = await openDocs(context);
      expect(csp).toContain("script-src 'sha256-");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      // The form starts from the operation's example request.
      const form = page.locator("#op-listSpots form.try");
      expect(await form.isVisible()).toBe(true);
      expect(await form.locator("input[name=limit]").inputValue()).toBe("5");
      expect(await form.locator("input[name=country]").inputValue()).toBe("PT,ES");

      const search = await tryIt(page, "op-listSpots", { q: "pipeline", country: "", limit: "3" });
      expect(search.status).toBe("200 OK");
      expect(search.url).toBe("GET /api/spots?limit=3&offset=0&q=pipeline");
      expect(search.headers).toContain("content-type: application/json");
      expect(search.headers).toMatch(/^etag: "/m);
      expect(search.body.spots[0].slug).toBe("pipeline");
      expect(search.body.spots[0].name).toContain("Pipeline");

      const page2 = await tryIt(page, "op-listSpots", { q: "", country: "PT,ES", limit: "2" });
      expect(page2.status).toBe("200 OK");
      expect(page2.body.spots).toHaveLength(2);
      expect(page2.body.spots.every((spot: { country_code: string }) => ["PT", "ES"].includes(spot.country_code))).toBe(
        true,
      );
      await page.locator("#op-listSpots .answer").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-desktop-try-it.png") });

      // A path parameter goes into the path; a bad value shows the API's own error.
      const detail = await tryIt(page, "op-getSpot", { slug: "pipeline" });
      expect(detail.url).toBe("GET /api/spots/pipeline");
      expect(detail.body.spot.name).toContain("Pipeline");
      const typo = await tryIt(page, "op-listSpots", { q: "", country: "", wave_type: "reeef" });
      expect(typo.status).toBe("400 Bad Request");
      expect(typo.body.code).toBe("INVALID_QUERY");

      await showNested(page, "docs-desktop-nested.png");

      expect(otherOrigins(seen.requests)).toEqual([]);
      expect(seen.requests.filter((url) => url.includes("/api/spots"))).toHaveLength(4);
      expect(seen.failed).toEqual([]);
      // Chromium logs every 4xx answer as a console error: the one 400 asked for is the only error.
      expect(seen.errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("search: filters the contents over endpoints and schemas, Enter jumps to the first match", async () => {
    const context = await launch({ ...DESKTOP });
    try {
      const { page, seen } = await openDocs(context);
      const visible = () =>
        page
          .locator("nav.toc li[data-search]")
          .evaluateAll((items) =>
            items
              .filter((item) => (item as unknown as { hidden: boolean }).hidden === false)
              .map((item) => item.textContent),
          );
      const all = await visible();
      expect(all.length).toBeGreaterThan(30);
      const box = page.locator("#search");
      await box.fill("history");
      expect(await visible()).toEqual(["ScoredAccount"]);
      expect(await page.locator("#search-count").textContent()).toBe("1 match");
      await box.fill("surfers");
      const surfers = await visible();
      expect(surfers).toContain("GET /api/surfers/{slug}");
      expect(surfers).not.toContain("GET /api/spots");
      // A tag whose entries all fail the search is hidden with them.
      expect(await page.locator('nav.toc a[href="#tag-quotes"]').isVisible()).toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-desktop-search.png") });
      await box.fill("spot list");
      await box.press("Enter");
      expect(new URL(page.url()).hash).toBe("#op-listSpots");
      await box.fill("");
      expect(await visible()).toEqual(all);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("on a phone: the contents are a menu in a bar that stays at the top, closed until asked for", async () => {
    const context = await launch({ ...PHONE, viewport: { ...PHONE.viewport } });
    try {
      const { page, seen } = await openDocs(context);
      const menu = page.locator("details.menu");
      const isOpen = () => menu.evaluate((element) => (element as unknown as { open: boolean }).open);
      expect(await isOpen()).toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-phone-top.png") });
      await page.locator("#op-getSurfer").evaluate((element) => element.scrollIntoView());
      // Far down the page, the bar is still at the top of the screen.
      expect((await menu.locator("summary").boundingBox())?.y).toBe(0);
      await menu.locator("summary").click();
      expect(await isOpen()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-phone-menu.png") });
      await page.locator("#search").fill("quote");
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-phone-search.png") });
      await page.locator('nav.toc a[href="#op-getQuoteOfTheDay"]').click();
      expect(await isOpen()).toBe(false);
      expect(new URL(page.url()).hash).toBe("#op-getQuoteOfTheDay");
      // The heading it jumped to is below the bar, not under it.
      const bar = (await menu.boundingBox())!;
      const heading = (await page.locator("#op-getQuoteOfTheDay h3").boundingBox())!;
      expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-phone-jump.png") });

      const answer = await tryIt(page, "op-listSpots", { q: "pipeline", country: "" });
      expect(answer.body.spots[0].slug).toBe("pipeline");
      await page.locator("#op-listSpots .answer").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, "docs-phone-try-it.png") });
      await showNested(page, "docs-phone-nested.png");
      const overflow = (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      expect(otherOrigins(seen.requests)).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("without JavaScript: every word still reads, the contents open, and no form that could not work", async () => {
    const context = await launch({ ...PHONE, viewport: { ...PHONE.viewport }, javaScriptEnabled: false });
    try {
      const { page } = await openDocs(context);
      expect(await page.locator("nav.toc").isVisible()).toBe(true);
      expect(await page.locator("#search").isVisible()).toBe(false);
      expect(await page.locator("form.try").first().isVisible()).toBe(false);
      expect(await page.locator("#op-listSpots pre.curl").isVisible()).toBe(true);
      expect(await page.locator("#op-listSpots pre.fetch").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);
});

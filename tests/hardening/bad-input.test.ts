/**
 * Hostile input, generated (fast-check, fixed seed): every endpoint, every method,
 * malformed and adversarial queries and slugs. Never a 5xx; errors always the envelope
 * and nothing internal; successes always as the description says; and for accepted
 * parameters, the same answer as a direct call of the pure query.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldKey } from "../../core/fold.ts";
import { pieceValue } from "../../core/packed.ts";
import { listSpots, spotsAsRead } from "../../runtime/catalog/spots.ts";
import { listSurfers } from "../../runtime/catalog/surfers.ts";
import { answerUnderstood, readerFor, withReading } from "../../runtime/catalog/understand.ts";
import { hostilePath, hostileQuery, LEAKS, method } from "../../scripts/soak/hostile-requests.ts";
import { testCatalog } from "../helpers/app.ts";
import { describeMatrix, type Http } from "../helpers/matrix.ts";
import { Contract, testDescription } from "../helpers/openapi.ts";

const contract = new Contract(testDescription());
const RUNS = { seed: 20261122, numRuns: 400 };

/**
 * Over a socket, a request line longer than Node's header limit (16 KiB) never reaches the
 * app: Node answers it with a bare 414/431, which faults.test.ts checks. Those are left to it.
 */
const reachesApp = (http: Http, path: string) => http.kind === "app.request" || path.length <= 8_000;

/** An error body with whatever the caller sent (quoted in the message) taken out. */
const ownWords = (message: string) => message.replace(/'.*'/s, "''");

async function checkAnswer(http: Http, path: string, verb: string): Promise<{ status: number; body: string }> {
  const response = await http.fetch(path, { method: verb });
  const body = await response.text();
  expect(response.status, `${verb} ${path}`).toBeLessThan(500);
  if (response.status >= 400 && verb !== "HEAD") {
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const envelope = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(envelope).sort()).toEqual(["code", "error"]);
    expect(typeof envelope.error).toBe("string");
    expect(["INVALID_QUERY", "NOT_FOUND", "METHOD_NOT_ALLOWED"]).toContain(envelope.code);
    expect(ownWords(envelope.error as string)).not.toMatch(LEAKS);
  }
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-powered-by")).toBeNull();
  const template = contract.templateOf(new URL(path, "http://localhost").pathname);
  if (template && verb === "GET") {
    // Only GET answers are described per path (other methods share the 405 checked above).
    const problems = contract.check(template, { status: response.status, headers: response.headers, body });
    expect(problems, `${path} → ${response.status}`).toEqual([]);
  }
  return { status: response.status, body };
}

describeMatrix("hostile requests", (http) => {
  describe("hostile requests", () => {
    it("never get a 5xx, errors are the bare envelope, successes match the description", async () => {
      await fc.assert(
        fc.asyncProperty(hostilePath, method, async (path, verb) => {
          fc.pre(reachesApp(http, path));
          await checkAnswer(http, path, verb);
        }),
        RUNS,
      );
    });

    it("accepted spot and surfer list parameters give exactly the pure query's answer", async () => {
      const catalog = testCatalog();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom("/api/spots", "/api/surfers"), hostileQuery, async (endpoint, query) => {
          fc.pre(reachesApp(http, `${endpoint}?${query}`));
          const { status, body } = await checkAnswer(http, `${endpoint}?${query}`, "GET");
          if (status !== 200) return;
          const search = new URL(`${endpoint}?${query}`, "http://localhost").searchParams;
          const value = (name: string) => (search.get(name) ? search.get(name)! : undefined);
          const list = (name: string) => {
            const keys = [...new Set((value(name) ?? "").split(",").map(foldKey).filter(Boolean))];
            return keys.length ? keys : undefined;
          };
          const page = { limit: Number(value("limit") ?? 20), offset: Number(value("offset") ?? 0) };
          const filters = Object.fromEntries(
            (endpoint === "/api/spots"
              ? ["country", "region", "wave_type", "skill_level", "tag", "tier"]
              : ["country", "discipline", "era", "tier"]
            )
              .map((name) => [name, list(name)])
              .filter(([, keys]) => keys),
          );
          const spots = endpoint === "/api/spots";
          // As the routes answer: q read by query understanding, then the pure query.
          const criteria = { filters, q: value("q") };
          const held = (listed: { total: number; relaxed?: boolean }) => ({
            count: listed.total,
            relaxed: listed.relaxed,
          });
          const { answer: found, understood } = spots
            ? answerUnderstood(
                readerFor(catalog, "spots"),
                criteria,
                spotsAsRead,
                (read) => listSpots(catalog, read, page),
                held,
              )
            : answerUnderstood(
                readerFor(catalog, "surfers"),
                criteria,
                withReading,
                (read) => listSurfers(catalog, read, page),
                held,
              );
          const collection = spots ? catalog.spots : catalog.surfers;
          const items = Array.from(found.positions, (position) => pieceValue(collection.list, position));
          const read = understood ? { understood } : {};
          expect(JSON.parse(body)).toEqual({
            [spots ? "spots" : "surfers"]: items,
            ...page,
            total: found.total,
            ...read,
          });
        }),
        RUNS,
      );
    });

    it("prototype keys are only ever unknown parameters", async () => {
      for (const key of ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]) {
        const response = await http.fetch(`/api/spots?${key}=1`);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(new RegExp(`^unknown parameter '${key}'`));
      }
    });
  });
});

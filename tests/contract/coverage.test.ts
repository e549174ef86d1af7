/**
 * The description and the server cover each other: every route the server has is a
 * described path and every described path answers; every query parameter an endpoint
 * accepts is declared and every declared one is accepted, with the same rules (range,
 * length, pattern, enum) as the server applies.
 */
import { describe, expect, it } from "vitest";
import { resolve } from "../../runtime/openapi/resolve.ts";
import type { ParameterObject, SchemaObject } from "../../runtime/openapi/types.ts";
import { getJson, testApp } from "../helpers/app.ts";
import { BASE, Contract, testDescription } from "../helpers/openapi.ts";

const document = testDescription();
const contract = new Contract(document);
const app = testApp();

/**
 * The server's routes as path templates (h3 keeps them in `~routes`; `:slug` becomes `{slug}`),
 * less the 404 catch-alls.
 */
function serverRoutes(): string[] {
  return [...new Set(app["~routes"].map((route) => route.route ?? ""))]
    .filter((route) => route !== "/api" && route !== "/api/**")
    .map((route) => route.replace(/:(\w+)/g, "{$1}"))
    .sort();
}

describe("paths", () => {
  it("the description has the sixteen paths of the contract (spec/api.md, section 4)", () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/clips",
      "/api/docs",
      "/api/events",
      "/api/events/live-media",
      "/api/openapi.json",
      "/api/quotes",
      "/api/quotes/random",
      "/api/social/accounts",
      "/api/social/feed",
      "/api/spots",
      "/api/spots/map",
      "/api/spots/meta",
      "/api/spots/{slug}",
      "/api/surfers",
      "/api/surfers/meta",
      "/api/surfers/{slug}",
    ]);
  });

  it("every route the server has is described", () => {
    const undescribed = serverRoutes().filter((route) => !(route in document.paths));
    expect(undescribed).toEqual([]);
  });

  it("every described path is a route of the server", () => {
    const routes = serverRoutes();
    const unserved = Object.keys(document.paths).filter((template) => !routes.includes(template));
    expect(unserved).toEqual([]);
  });

  for (const template of Object.keys(document.paths)) {
    const request = contract.operation(template)["x-example-request"]!;
    it(`${template} answers its example request ${request} with 200`, async () => {
      expect(contract.templateOf(new URL(request, "http://localhost").pathname)).toBe(template);
      expect((await app.request(request)).status).toBe(200);
    });
  }
});

function queryParameters(template: string): ParameterObject[] {
  return (contract.operation(template).parameters ?? [])
    .map((parameter) => resolve<ParameterObject>(document, parameter))
    .filter((parameter) => parameter.in === "query");
}

/** A query string value for a parameter: lists comma-separated, as `style: form, explode: false` says. */
function asQueryValue(value: unknown): string {
  return encodeURIComponent(Array.isArray(value) ? value.join(",") : String(value));
}

/** What the server says it accepts, read from its answer to a parameter nobody declares. */
async function acceptedNames(template: string): Promise<string[]> {
  const request = contract.operation(template)["x-example-request"]!.split("?")[0];
  const { status, body } = await getJson(app, `${request}?zz_not_a_parameter=1`);
  expect(status).toBe(400);
  if (/this endpoint takes no parameters$/.test(body.error)) return [];
  const listed = /this endpoint accepts (.+)$/.exec(body.error);
  expect(listed, `the answer lists what the endpoint accepts: ${body.error}`).not.toBeNull();
  return listed![1].split(", ").sort();
}

describe.each(Object.keys(document.paths))("query parameters of %s", (template) => {
  const base = contract.operation(template)["x-example-request"]!.split("?")[0];
  const parameters = queryParameters(template);

  /** The parameters a parameter needs beside it (`x-requires`), with their examples, as the start of a query. */
  function requiredWith(parameter: ParameterObject): string {
    const names = (parameter as ParameterObject & { "x-requires"?: string[] })["x-requires"] ?? [];
    return names
      .map((needed) => {
        const other = parameters.find((candidate) => candidate.name === needed);
        expect(other, `${parameter.name} requires ${needed}, declared on ${template}`).toBeDefined();
        return `${needed}=${asQueryValue(other!.example)}&`;
      })
      .join("");
  }

  it("declares exactly the parameters the server accepts", async () => {
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(await acceptedNames(template));
  });

  // An endpoint without parameters has nothing more to check here (the test above pins that).
  if (parameters.length === 0) return;

  it.each(parameters.map((parameter) => [parameter.name, parameter] as const))(
    "%s: its example is valid under its schema and answered 200",
    async (_name, parameter) => {
      expect(parameter.example, "every parameter has an example").toBeDefined();
      const validate = contract.ajv.compile({
        $ref: `${BASE}#/components/parameters/${refName(template, parameter.name)}/schema`,
      });
      expect(validate(parameter.example), JSON.stringify(validate.errors)).toBe(true);
      const query = `${requiredWith(parameter)}${parameter.name}=${asQueryValue(parameter.example)}`;
      const { status, body } = await getJson(app, `${base}?${query}`);
      expect(status, body?.error).toBe(200);
    },
  );

  it.each(parameters.map((parameter) => [parameter.name, parameter] as const))(
    "%s: the server applies the schema's rules",
    async (name, parameter) => {
      for (const [value, expected] of probes(parameter.schema!)) {
        const query = `${requiredWith(parameter)}${name}=${encodeURIComponent(value)}`;
        const { status, body } = await getJson(app, `${base}?${query}`);
        expect(status, `${name}=${value.slice(0, 40)}: ${body?.error}`).toBe(expected);
      }
    },
  );
});

/** The component name a declared parameter comes from (every parameter is a `$ref`). */
function refName(template: string, name: string): string {
  const ref = (contract.operation(template).parameters ?? []).find(
    (parameter) => "$ref" in parameter && resolve<ParameterObject>(document, parameter).name === name,
  );
  return (ref as { $ref: string }).$ref.split("/").pop()!;
}

/** Values at and just past each rule the schema states, with the status the server must give. */
function probes(raw: SchemaObject): [string, number][] {
  const schema = resolve<SchemaObject>(document, raw as SchemaObject & { $ref: string });
  const out: [string, number][] = [];
  if (schema.type === "integer") {
    out.push(
      [String(schema.minimum), 200],
      [String(schema.maximum), 200],
      [String(schema.maximum! + 1), 400],
      ["1.5", 400],
      ["-1", 400],
    );
    if (schema.minimum! > 0) out.push([String(schema.minimum! - 1), 400]);
  }
  if (schema.type === "number") {
    out.push([String(schema.maximum), 200], [String(schema.maximum! + 1), 400], ["a number", 400]);
    if (schema.exclusiveMinimum !== undefined) {
      out.push([String(schema.exclusiveMinimum), 400], [String(schema.exclusiveMinimum + 0.5), 200]);
    }
  }
  if (schema.maxLength !== undefined)
    out.push(["a".repeat(schema.maxLength), 200], ["a".repeat(schema.maxLength + 1), 400]);
  if (schema.pattern !== undefined) out.push(["!!", 400]);
  if (schema.type === "array") {
    const items = resolve<SchemaObject>(document, schema.items as SchemaObject & { $ref: string });
    if (items.enum) out.push([items.enum.join(","), 200], ["not-a-value", 400]);
    else if (items.pattern !== undefined) out.push(["!!", 400]);
    else out.push(["any value at all", 200]);
  }
  return out;
}

/**
 * The description itself: a valid OpenAPI 3.1 document (checked by a maintained
 * validator), every schema compiling under strict JSON Schema 2020-12, every example
 * valid, and its closed lists and constants the ones the code uses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { compileOpenApi, OPENAPI_SOURCE } from "../../build/openapi.ts";
import * as vocabulary from "../../build/vocabulary.ts";
import { EVENT_STATUSES, WINDOW_TYPES } from "../../core/resources.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN_SOURCE } from "../../core/slug.ts";
import type { Snapshot } from "../../core/snapshot-format.ts";
import { Q_MAX_LENGTH } from "../../runtime/http/params.ts";
import { SUCCESS_CACHE_CONTROL } from "../../runtime/http/respond.ts";
import { openApiPathFor } from "../../runtime/openapi/load.ts";
import { Contract, testDescription } from "../helpers/openapi.ts";

const document = testDescription();
const contract = new Contract(document);
const components = document.components!;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator", async () => {
    expect(Validator.supportedVersions.has("3.1")).toBe(true);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("the validator does reject a broken document (the check can fail)", async () => {
    // In 3.1 an operation may omit `responses`, but a parameter cannot be `in: body`, and info needs a title.
    const badParameter = structuredClone(document);
    badParameter.components!.parameters!.limit.in = "body" as "query";
    expect((await new Validator().validate(badParameter as unknown as Record<string, unknown>)).valid).toBe(false);
    const noTitle = structuredClone(document) as { info: { title?: string } };
    delete noTitle.info.title;
    expect((await new Validator().validate(noTitle as Record<string, unknown>)).valid).toBe(false);
  });

  it("is version 1.0.0 with seven tags; every operation is tagged, named once, with a working example", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");
    expect(document.tags!.map((tag) => tag.name)).toEqual([
      "spots",
      "surfers",
      "quotes",
      "clips",
      "events",
      "social",
      "meta",
    ]);
    const ids = new Set<string>();
    for (const [template, item] of Object.entries(document.paths)) {
      expect(Object.keys(item), template).toEqual(["get"]);
      const operation = item.get!;
      expect(operation.tags?.length, template).toBe(1);
      expect(document.tags!.map((tag) => tag.name)).toContain(operation.tags![0]);
      expect(ids.has(operation.operationId!), operation.operationId).toBe(false);
      ids.add(operation.operationId!);
      expect(contract.templateOf(new URL(operation["x-example-request"]!, "http://localhost").pathname), template).toBe(
        template,
      );
    }
  });
});

describe("its schemas", () => {
  const pointers = [
    ...Object.keys(components.schemas!).map((name) => `#/components/schemas/${name}`),
    ...Object.keys(components.parameters!).map((name) => `#/components/parameters/${name}/schema`),
    ...Object.keys(components.headers!).map((name) => `#/components/headers/${name}/schema`),
    ...Object.entries(components.responses!).flatMap(([name, response]) =>
      Object.keys(response.content ?? {}).map(
        (type) => `#/components/responses/${name}/content/${type.replace("/", "~1")}/schema`,
      ),
    ),
  ];

  it.each(pointers)("%s compiles under strict JSON Schema 2020-12 (no unknown keyword, no loose type)", (pointer) => {
    expect(() => contract.validator(pointer)).not.toThrow();
  });

  it.each(Object.entries(components.responses!).filter(([, response]) => response.content?.["application/json"]))(
    "the example of response %s is valid under its schema",
    (name, response) => {
      const validate = contract.validator(`#/components/responses/${name}/content/application~1json/schema`);
      expect(response.content!["application/json"].example, `${name} has an example`).toBeDefined();
      expect(validate(response.content!["application/json"].example), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(Object.entries(components.headers!).filter(([, header]) => header.example !== undefined))(
    "the example of header %s is valid",
    (name, header) => {
      expect(contract.validator(`#/components/headers/${name}/schema`)(header.example)).toBe(true);
    },
  );
});

describe("its closed lists and constants are the code's", () => {
  const schemas = components.schemas!;
  const values = (list: readonly string[]) => [...list, null];

  it("enums of the resources are the build's vocabulary", () => {
    expect(schemas.Spot.properties!.wave_type.enum).toEqual(values(vocabulary.WAVE_TYPES));
    expect(schemas.Spot.properties!.skill_level.enum).toEqual(values(vocabulary.SKILL_LEVELS));
    expect(schemas.Spot.properties!.hero_qa_tier.enum).toEqual(values(vocabulary.QA_TIERS));
    expect(schemas.Spot.properties!.location_precision.enum).toEqual(values(vocabulary.LOCATION_PRECISIONS));
    expect(schemas.SpotMarker.properties!.location_precision.enum).toEqual([...vocabulary.LOCATION_PRECISIONS]);
    expect(schemas.Tier.enum).toEqual(values(vocabulary.TIERS));
    expect(schemas.Surfer.properties!.stance.enum).toEqual(values(vocabulary.STANCES));
    expect(schemas.Surfer.properties!.discipline.enum).toEqual(values(vocabulary.DISCIPLINES));
    expect(schemas.Surfer.properties!.era.enum).toEqual(values(vocabulary.ERAS));
    expect(schemas.Relation.enum).toEqual(values(vocabulary.RELATIONS));
    expect(schemas.Quote.properties!.category.enum).toEqual(values(vocabulary.QUOTE_CATEGORIES));
    expect(schemas.Event.properties!.tour.enum).toEqual(values(vocabulary.TOURS));
    expect(schemas.Event.properties!.windowType.enum).toEqual([...WINDOW_TYPES]);
    expect(schemas.EventStatus.enum).toEqual([...EVENT_STATUSES]);
  });

  it("the error codes are the five the server sends", () => {
    expect(schemas.Error.properties!.code.enum).toEqual([
      "INVALID_QUERY",
      "NOT_FOUND",
      "METHOD_NOT_ALLOWED",
      "SOCIAL_UNAVAILABLE",
      "INTERNAL",
    ]);
  });

  it("limits, slug rule and cache header are the server's", () => {
    expect(components.parameters!.q.schema!.maxLength).toBe(Q_MAX_LENGTH);
    expect(schemas.Slug.pattern).toBe(`^${SLUG_PATTERN_SOURCE}$`);
    expect(schemas.Slug.maxLength).toBe(SLUG_MAX_LENGTH);
    expect(components.headers!.CacheControl.schema!.const).toBe(SUCCESS_CACHE_CONTROL);
  });
});

describe("the build's copy", () => {
  it("dist/openapi.json is the YAML source as JSON with the content's vocabularies as enums", () => {
    const built = readFileSync(openApiPathFor(inject("snapshotPath")), "utf8");
    const { vocabularies } = JSON.parse(readFileSync(inject("snapshotPath"), "latin1")) as Snapshot;
    expect(built).toBe(compileOpenApi(vocabularies));
    const document = JSON.parse(built);
    type Parameter = { name: string; schema: { items: { enum?: string[] } } };
    const parameters = Object.values<Parameter>(document.components.parameters);
    for (const [name, values] of Object.entries(vocabularies)) {
      const parameter = parameters.find((candidate) => candidate.name === name);
      expect(parameter?.schema.items.enum, name).toEqual(values);
      delete parameter!.schema.items.enum;
    }
    // The rest is the source, unchanged.
    expect(document).toEqual(parse(readFileSync(OPENAPI_SOURCE, "utf8")));
  });

  it("refuses a source that is not YAML, repeats a key, or is not OpenAPI 3.1, naming the file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "surf-openapi-source-"));
    dirs.push(dir);
    const write = (text: string) => {
      const file = path.join(dir, "openapi.yaml");
      writeFileSync(file, text);
      return file;
    };
    expect(() => compileOpenApi(undefined, write("openapi: 3.1.0\ninfo: [unclosed\n"))).toThrow();
    expect(() => compileOpenApi(undefined, write("openapi: 3.1.0\nopenapi: 3.1.0\n"))).toThrow(/unique|duplicate/i);
    expect(() => compileOpenApi(undefined, write("openapi: 3.0.3\ninfo: {}\n"))).toThrow(
      /openapi\.yaml: 'openapi' must be a 3\.1\.x version, got "3\.0\.3"/,
    );
  });
});

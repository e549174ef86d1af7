/**
 * A checker that holds a real response against the description: status, content type, body (ajv's JSON
 * Schema 2020-12 build, with formats) and headers, both ways.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { isReference } from "../../runtime/openapi/resolve.ts";
import type { OpenApiDocument, OperationObject, ResponseObject } from "../../runtime/openapi/types.ts";

export { testDescription } from "./description.ts";

/** Any absolute URI works as the document's id; ajv needs one to address schemas inside it. */
export const BASE = "https://surf-catalog.test/openapi.json";

/** Headers every HTTP response may carry whatever the description says. */
const TRANSPORT_HEADERS = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: string;
}

function pointerSegment(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

export class Contract {
  readonly ajv: Ajv2020;

  constructor(readonly document: OpenApiDocument) {
    // strict: a misspelt keyword in the description (`maxLenght`) is an error, not ignored.
    this.ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats.default(this.ajv);
    // The document is not a schema, but its schemas live inside it and refer to each other
    // by `#/components/...`: register it whole, its top-level keys as inert keywords.
    this.ajv.addVocabulary([
      "openapi",
      "info",
      "jsonSchemaDialect",
      "servers",
      "tags",
      "paths",
      "components",
      "webhooks",
      "security",
      "externalDocs",
    ]);
    this.ajv.addSchema(document, BASE);
  }

  /** The validator of the schema at a JSON pointer into the document (`#/components/...`). */
  validator(pointer: string): ValidateFunction {
    const validate = this.ajv.getSchema(`${BASE}${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return validate;
  }

  /** Follows `$ref`s from a pointer; returns where the object really lives, and the object. */
  locate<T>(pointer: string): { pointer: string; value: T } {
    let current = pointer;
    for (let depth = 0; depth < 16; depth++) {
      const value = current
        .slice(2)
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.document);
      if (value === undefined) throw new Error(`nothing at ${current}`);
      if (!isReference(value)) return { pointer: current, value: value as T };
      current = value.$ref;
    }
    throw new Error(`reference loop from ${pointer}`);
  }

  /** The path template a concrete path answers to: a literal path wins over `{slug}`. */
  templateOf(pathname: string): string | undefined {
    const paths = Object.keys(this.document.paths);
    if (paths.includes(pathname)) return pathname;
    return paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname));
  }

  operation(template: string, method = "get"): OperationObject {
    const operation = this.document.paths[template]?.[method as "get"];
    if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not described`);
    return operation;
  }

  /** Everything in `response` that the description does not allow, one message each (empty when it conforms). */
  check(template: string, response: ObservedResponse): string[] {
    const problems: string[] = [];
    const status = String(response.status);
    if (!this.operation(template).responses[status]) return [`status ${status} is not described for GET ${template}`];
    const { pointer, value: described } = this.locate<ResponseObject>(
      `#/paths/${pointerSegment(template)}/get/responses/${status}`,
    );
    problems.push(...this.checkBody(pointer, described, response), ...this.checkHeaders(described, response));
    return problems;
  }

  private checkBody(pointer: string, described: ResponseObject, response: ObservedResponse): string[] {
    if (!described.content)
      return response.body === "" ? [] : [`a ${response.status} has no body, got ${response.body.length} characters`];
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim();
    if (!described.content[mediaType])
      return [`content type '${mediaType}' is not one of ${Object.keys(described.content).join(", ")}`];
    let body: unknown = response.body;
    if (mediaType === "application/json") {
      try {
        body = JSON.parse(response.body);
      } catch {
        return ["the body is not JSON"];
      }
    }
    const validate = this.validator(`${pointer}/content/${pointerSegment(mediaType)}/schema`);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message} (${error.schemaPath})`);
  }

  private checkHeaders(described: ResponseObject, response: ObservedResponse): string[] {
    const problems: string[] = [];
    const declared = new Map(Object.keys(described.headers ?? {}).map((name) => [name.toLowerCase(), name]));
    for (const [lower, name] of declared) {
      const { pointer, value: header } = this.locate<{ required?: boolean }>(
        `#/components/headers/${pointerSegment(this.headerRef(described, name))}`,
      );
      const actual = response.headers.get(lower);
      if (actual === null) {
        if (header.required) problems.push(`header ${name} is required but absent`);
        continue;
      }
      const validate = this.validator(`${pointer}/schema`);
      if (!validate(actual)) problems.push(`header ${name}: '${actual}' ${validate.errors?.[0]?.message}`);
    }
    response.headers.forEach((_value, lower) => {
      if (!TRANSPORT_HEADERS.has(lower) && !declared.has(lower))
        problems.push(`header ${lower} is sent but not described`);
    });
    return problems;
  }

  /** Our description defines every header once under components and refers to it from responses. */
  private headerRef(described: ResponseObject, name: string): string {
    const header = described.headers![name];
    if (!isReference(header)) throw new Error(`header ${name} should refer to #/components/headers/...`);
    return header.$ref.slice("#/components/headers/".length);
  }
}

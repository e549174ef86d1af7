/**
 * The parts of an OpenAPI 3.1 document that the server reads (to render /api/docs).
 * Everything else in the document is served as it is.
 */

export interface Reference {
  $ref: string;
}

/** A JSON Schema (2020-12) as the renderer reads it; other keywords pass through untouched. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  examples?: unknown[];
}

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  description?: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
  example?: unknown;
}

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
  example?: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  tags?: string[];
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | Reference)[];
  responses: Record<string, ResponseObject | Reference>;
  /** Our extension: a request that works, for the docs page's curl line. */
  "x-example-request"?: string;
}

export type PathItem = Partial<
  Record<"get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace", OperationObject>
> & {
  parameters?: (ParameterObject | Reference)[];
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; summary?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, HeaderObject>;
  };
}

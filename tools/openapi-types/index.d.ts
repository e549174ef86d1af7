/** The TypeScript types of an OpenAPI document (`paths`, `components`…), for openapi-fetch. */
export function typesOf(document: object): Promise<string>;

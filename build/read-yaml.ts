/** Reads a YAML file whose top level is a list (or a map), remembering where each value sits. */
import { type Document, LineCounter, parseDocument } from "yaml";
import type { Place, Problems } from "./problems.ts";

export type YamlPath = (string | number)[];

export interface YamlFile {
  file: string;
  /** The file as plain data, `undefined` when it could not be parsed. */
  data: unknown;
  /** The line of the value at `path` (falling back to its nearest located parent). */
  placeOf(path: YamlPath): Place;
}

export function readYaml(text: string, file: string, problems: Problems): YamlFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text.replace(/^\uFEFF/, ""), { lineCounter });
  for (const error of document.errors) {
    const line = error.linePos?.[0].line ?? 1;
    problems.add(
      { file, line },
      `cannot read the YAML: ${error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")}`,
    );
  }
  const placeOf = (path: YamlPath): Place => ({ file, line: lineOfPath(document, lineCounter, path) });
  return { file, data: document.errors.length > 0 ? undefined : document.toJS(), placeOf };
}

function lineOfPath(document: Document, lineCounter: LineCounter, path: YamlPath): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return 1;
}

/** Whether the top level is the shape the file needs; reports it otherwise. */
export function expectList(yaml: YamlFile, problems: Problems): unknown[] {
  if (yaml.data === undefined) return [];
  if (Array.isArray(yaml.data)) return yaml.data;
  problems.add(yaml.placeOf([]), "the file must be a YAML list of items, each starting with '- '");
  return [];
}

/**
 * Imports point one way: content → build → dist → runtime → HTTP, with core/ (what build
 * and runtime share) importing neither; scripts may use anything but tests; no module
 * imports itself back through a cycle. Read from the sources' import statements.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["core", "build", "runtime", "scripts", "tests"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every file's relative imports (static and dynamic, type-only included), as repository paths. */
const graph = new Map<string, string[]>();
for (const file of ROOTS.flatMap(sourceFiles)) {
  const text = readFileSync(file, "utf8");
  const targets = [...text.matchAll(/(?:from|import\(?)\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    path.normalize(path.join(path.dirname(file), match[1])),
  );
  graph.set(file, targets);
}

const top = (file: string) => file.split(path.sep)[0];
const importsInto = (from: string, into: string[]) =>
  [...graph].flatMap(([file, targets]) =>
    top(file) === from ? targets.filter((target) => into.includes(top(target))).map((t) => `${file} → ${t}`) : [],
  );

describe("imports point one way", () => {
  it("has read the sources", () => {
    expect(graph.size).toBeGreaterThan(100);
  });

  it("core/ imports neither build/ nor runtime/ (nor scripts or tests)", () => {
    expect(importsInto("core", ["build", "runtime", "scripts", "tests"])).toEqual([]);
  });

  it("build/ never imports runtime/", () => {
    expect(importsInto("build", ["runtime", "scripts", "tests"])).toEqual([]);
  });

  it("runtime/ never imports build/", () => {
    expect(importsInto("runtime", ["build", "scripts", "tests"])).toEqual([]);
  });

  it("scripts/ never import tests/", () => {
    expect(importsInto("scripts", ["tests"])).toEqual([]);
  });

  it("no module reaches itself again through its imports", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "visiting");
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

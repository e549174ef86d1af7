/** The filter tables: one entry per folded value, under the first spelling met, with each item once. */
import { expect, it } from "vitest";
import { compileFilter } from "../../build/compile/filters.ts";
import { unpackInt32 } from "../../core/packed.ts";

it("files spellings that fold alike under the first one, each item once, in key order", () => {
  const regions = [["Açores"], ["Leiria"], ["ACORES"], [null], ["açores", "Acores"], ["Leiria"]];
  const { values, columns } = compileFilter(regions, (item) => item);
  expect(values.map(({ value, key, positions }) => ({ value, key, positions: [...unpackInt32(positions)] }))).toEqual([
    { value: "Açores", key: "acores", positions: [0, 2, 4] },
    { value: "Leiria", key: "leiria", positions: [1, 5] },
  ]);
  expect([...columns.starts]).toEqual([0, 1, 2, 3, 3, 4, 5]);
  expect([...columns.ids]).toEqual([0, 1, 0, 0, 1]);
});

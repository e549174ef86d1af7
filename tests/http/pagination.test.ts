import { describe, expect, it } from "vitest";
import { paginationLinks } from "../../runtime/http/pagination.ts";

const linksOf = (path: string, page: { limit: number; offset: number; total: number }) =>
  paginationLinks(new URL(path, "http://localhost"), page).split(", ");

describe("pagination links", () => {
  it("change only the offset, where the request put it, whatever the other parameters hold", () => {
    // Names and values that spell `offset=0` around the real offset, which comes last, first or between.
    expect(linksOf("/api/spots?xoffset=0&q=offset%3D0&offset=4&limit=2", { limit: 2, offset: 4, total: 9 })).toEqual([
      '</api/spots?xoffset=0&q=offset%3D0&offset=0&limit=2>; rel="first"',
      '</api/spots?xoffset=0&q=offset%3D0&offset=2&limit=2>; rel="prev"',
      '</api/spots?xoffset=0&q=offset%3D0&offset=6&limit=2>; rel="next"',
      '</api/spots?xoffset=0&q=offset%3D0&offset=8&limit=2>; rel="last"',
    ]);
    expect(linksOf("/api/spots?offset=10&offsetx=0", { limit: 20, offset: 10, total: 45 })).toEqual([
      '</api/spots?offset=0&offsetx=0&limit=20>; rel="first"',
      '</api/spots?offset=0&offsetx=0&limit=20>; rel="prev"',
      '</api/spots?offset=30&offsetx=0&limit=20>; rel="next"',
      '</api/spots?offset=40&offsetx=0&limit=20>; rel="last"',
    ]);
  });

  it("write the other parameters escaped once, as URLSearchParams does", () => {
    expect(linksOf("/api/surfers?q=kelly slater&country=pt%2Ces", { limit: 20, offset: 0, total: 0 })).toEqual([
      '</api/surfers?q=kelly+slater&country=pt%2Ces&offset=0&limit=20>; rel="first"',
      '</api/surfers?q=kelly+slater&country=pt%2Ces&offset=0&limit=20>; rel="last"',
    ]);
  });
});

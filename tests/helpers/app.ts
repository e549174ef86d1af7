/** The real app over the real snapshot, as tests call it through `app.request`. */

import type { H3 } from "h3";
import { inject } from "vitest";
import { pieceValue } from "../../core/packed.ts";
import type { Spot, SpotMarker } from "../../core/resources.ts";
import { createApp } from "../../runtime/http/app.ts";
import { type Catalog, entryAt, type LoadedCollection, loadSnapshotFile } from "../../runtime/snapshot.ts";
import { testDescription } from "./description.ts";

export const ALLOWED_ORIGIN = "https://surf.example";

let catalog: Catalog | undefined;

/** The snapshot built from content/ for this test run, loaded once per test file. */
export function testCatalog(): Catalog {
  catalog ??= loadSnapshotFile(inject("snapshotPath"));
  return catalog;
}

/** A fresh app (fresh response cache) over the shared catalog. */
export function testApp(): H3 {
  return createApp({ catalog: testCatalog(), corsOrigins: new Set([ALLOWED_ORIGIN]), openapi: testDescription() });
}

export async function getJson(
  app: H3,
  path: string,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape and assert on them.
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await app.request(path, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Every entry of a collection as values, in position order (parsed from the serialized forms). */
export function entriesOf<Entry>(collection: LoadedCollection<string>): Entry[] {
  return Array.from({ length: collection.size }, (_, position) => entryAt<Entry>(collection, position));
}

/** The spots at these positions, as values. */
export function spotsAt(catalog: Catalog, positions: ArrayLike<number>): Spot[] {
  return Array.from(positions, (position) => pieceValue<Spot>(catalog.spots.list, position)!);
}

/** The markers at these positions, as values. */
export function markersAt(catalog: Catalog, positions: ArrayLike<number>): SpotMarker[] {
  return Array.from(positions, (position) => pieceValue<SpotMarker>(catalog.spots.markers, position)!);
}

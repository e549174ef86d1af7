/** The seven spot and surfer endpoints: parse parameters, call a pure query, answer. Snapshot only. */
import { hash } from "node:crypto";
import type { H3 } from "h3";
import {
  SPOT_FILTERS,
  SURFER_FILTERS,
  type Vocabularies,
  type VocabularyFilter,
} from "../../../core/snapshot-format.ts";
import { detailBody, largeMarkersBody, listBody, markersBody } from "../../catalog/bodies.ts";
import type { FilterSelection } from "../../catalog/selection.ts";
import {
  listSpots,
  type Ordered,
  type SpotCriteria,
  spotClusters,
  spotFacets,
  spotMarkers,
  spotPosition,
  spotsAsRead,
} from "../../catalog/spots.ts";
import { listSurfers, type SurferCriteria, surferFacets, surferPosition } from "../../catalog/surfers.ts";
import { answerUnderstood, type Held, readerFor, type Understood, withReading } from "../../catalog/understand.ts";
import type { Memo } from "../../memory-budget.ts";
import type { Catalog } from "../../snapshot.ts";
import { invalidQuery, notFound } from "../errors.ts";
import { paginationLinks } from "../pagination.ts";
import {
  bbox,
  countryCodes,
  filterValues,
  integerParam,
  monthParam,
  nearParam,
  oneOfParam,
  type ParamsOf,
  parseQuery,
  radiusParam,
  textQuery,
  zoomParam,
} from "../params.ts";
import {
  JSON_TYPE,
  jsonRepresentation,
  lasting,
  type Representation,
  type ResponseContext,
  representation,
} from "../respond.ts";
import { route, slugParam } from "../route.ts";

const LIMIT_DEFAULT = 20;
const PAGE = { limit: integerParam(1, 100, LIMIT_DEFAULT), offset: integerParam(0, 1_000_000, 0) };
const SEARCH = { q: textQuery };
/** The parameters of every spot and surfer endpoint, with the catalog's closed vocabularies. */
function parameterSpecs(vocabularies: Vocabularies) {
  const closed = (name: VocabularyFilter) => oneOfParam(vocabularies[name]);
  const spotFilters = {
    country: countryCodes,
    region: filterValues,
    wave_type: closed("wave_type"),
    skill_level: closed("skill_level"),
    tag: closed("tag"),
    tier: closed("tier"),
    month: monthParam,
  };
  const surferFilters = {
    country: countryCodes,
    discipline: closed("discipline"),
    era: closed("era"),
    tier: closed("tier"),
    stance: closed("stance"),
  };
  const area = { bbox, near: nearParam, radius_km: radiusParam };
  return {
    spotList: { ...PAGE, ...SEARCH, ...spotFilters, ...area },
    spotMap: { ...SEARCH, ...spotFilters, ...area, zoom: zoomParam },
    spotMeta: { ...SEARCH, ...spotFilters, ...area },
    surferList: { ...PAGE, ...SEARCH, ...surferFilters },
    surferMeta: { ...SEARCH, ...surferFilters },
  };
}

type Specs = ReturnType<typeof parameterSpecs>;

/** The spot criteria of a request's parameters: filters, q, and the areas (`radius_km` measures from `near`). */
function spotCriteria(params: ParamsOf<Specs["spotMeta"]>): SpotCriteria {
  const { near, radius_km: radiusKm } = params;
  if (radiusKm !== undefined && !near) {
    throw invalidQuery("radius_km needs near=lat,lng, the point to measure from; add near or leave radius_km out");
  }
  return {
    filters: pickFilters(params, SPOT_FILTERS),
    q: params.q,
    bbox: params.bbox,
    near: near && { ...near, radiusKm },
  };
}

function pickFilters<Filter extends string>(
  params: Record<string, unknown>,
  names: readonly Filter[],
): FilterSelection<Filter> {
  const filters: FilterSelection<Filter> = {};
  for (const name of names) if (params[name] !== undefined) filters[name] = params[name] as string[];
  return filters;
}

/** A typed array's own bytes (a view, not a copy). */
function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** Maps with more markers than this are kept by what they hold. */
const LARGE_MAP_MARKERS = 5000;

/**
 * A map's answer. A large one is assembled in slices (largeMarkersBody) and kept in the memo
 * by what it holds (a hash of its markers' positions, in order, and how q was read), whatever
 * URL asked for it: the whole world asked through a thousand different boxes is assembled,
 * hashed and compressed once.
 */
async function mapRepresentation(
  catalog: Catalog,
  markers: Ordered,
  memo: Memo,
  understood?: Understood,
): Promise<Representation> {
  const { positions, distancesKm } = markers;
  if (distancesKm || positions.length < LARGE_MAP_MARKERS) {
    return representation(markersBody(catalog.spots.markers, markers, understood), JSON_TYPE);
  }
  const read = understood ? ` ${JSON.stringify(understood)}` : "";
  const key = `map ${hash("sha1", bytesOf(positions))}${read}`;
  const kept = memo.get<Representation>(key);
  if (kept) return kept;
  const large = lasting(representation(await largeMarkersBody(catalog.spots.markers, markers, understood), JSON_TYPE));
  // Its compressed copies join it as they are made: counted here, in advance, at a quarter of its size.
  memo.set(key, large, large.bytes.length * 1.25);
  return large;
}

/** A map holds markers standing alone or in clusters: none only when nothing matched. */
function mapHolds(map: Ordered & { clusters?: string | Buffer }): Held {
  return { count: map.positions.length + (map.clusters ? map.clusters.length : 0), relaxed: map.relaxed };
}

/** A list page holds its total. */
function pageHolds(page: { total: number; relaxed?: boolean }): Held {
  return { count: page.total, relaxed: page.relaxed };
}

/** Facets hold their filtered_total; the answer is the facets without `relaxed`, with `understood` for a q. */
function facetsHold(facets: { filtered_total: number; relaxed: boolean }): Held {
  return { count: facets.filtered_total, relaxed: facets.relaxed };
}

function facetsBody<F extends { relaxed: boolean }>(facets: F, understood: Understood | undefined) {
  const { relaxed: _relaxed, ...body } = facets;
  return understood ? { ...body, understood } : body;
}

export function registerCatalogRoutes(app: H3, catalog: Catalog, context: ResponseContext, memo: Memo): void {
  const specs = parameterSpecs(catalog.snapshot.vocabularies);
  const spotReader = readerFor(catalog, "spots");
  const surferReader = readerFor(catalog, "surfers");
  /** A spot query's answer, with q read by understanding (understand.ts). */
  const spotAnswer = <T>(criteria: SpotCriteria, run: (criteria: SpotCriteria) => T, held: (answer: T) => Held) =>
    answerUnderstood(spotReader, criteria, spotsAsRead, run, held);
  const surferAnswer = <T>(criteria: SurferCriteria, run: (criteria: SurferCriteria) => T, held: (answer: T) => Held) =>
    answerUnderstood(surferReader, criteria, withReading, run, held);

  route(app, "/api/spots", "snapshot", context, (event) => {
    const params = parseQuery(event.url.searchParams, specs.spotList);
    const page = { limit: params.limit ?? LIMIT_DEFAULT, offset: params.offset ?? 0 };
    const { answer: listed, understood } = spotAnswer(
      spotCriteria(params),
      (criteria) => listSpots(catalog, criteria, page, memo),
      pageHolds,
    );
    const body = listBody("spots", catalog.spots.list, listed, understood);
    return representation(body, JSON_TYPE, ["link", paginationLinks(event.url, listed)]);
  });

  route(app, "/api/spots/map", "snapshot", context, (event) => {
    const params = parseQuery(event.url.searchParams, specs.spotMap);
    const { zoom } = params;
    if (zoom !== undefined) {
      const { answer, understood } = spotAnswer(
        spotCriteria(params),
        (criteria) => spotClusters(catalog, criteria, zoom, memo),
        mapHolds,
      );
      return representation(markersBody(catalog.spots.markers, answer, understood), JSON_TYPE);
    }
    const { answer, understood } = spotAnswer(
      spotCriteria(params),
      (criteria) => spotMarkers(catalog, criteria, memo),
      mapHolds,
    );
    return mapRepresentation(catalog, answer, memo, understood);
  });

  route(app, "/api/spots/meta", "snapshot", context, (event) => {
    const params = parseQuery(event.url.searchParams, specs.spotMeta);
    const { answer, understood } = spotAnswer(
      spotCriteria(params),
      (criteria) => spotFacets(catalog, criteria, memo),
      facetsHold,
    );
    return jsonRepresentation(facetsBody(answer, understood));
  });

  route(app, "/api/spots/:slug", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    const slug = slugParam(event, "spot");
    const position = spotPosition(catalog, slug);
    if (position === undefined) throw notFound(`no spot with slug '${slug}'; GET /api/spots lists them`);
    const { list, detail } = catalog.spots;
    return representation(detailBody("spot", list, detail, position), JSON_TYPE);
  });

  route(app, "/api/surfers", "snapshot", context, (event) => {
    const params = parseQuery(event.url.searchParams, specs.surferList);
    const page = { limit: params.limit ?? LIMIT_DEFAULT, offset: params.offset ?? 0 };
    const { answer: listed, understood } = surferAnswer(
      { filters: pickFilters(params, SURFER_FILTERS), q: params.q },
      (criteria) => listSurfers(catalog, criteria, page, memo),
      pageHolds,
    );
    const body = listBody("surfers", catalog.surfers.list, listed, understood);
    return representation(body, JSON_TYPE, ["link", paginationLinks(event.url, listed)]);
  });

  route(app, "/api/surfers/meta", "snapshot", context, (event) => {
    const params = parseQuery(event.url.searchParams, specs.surferMeta);
    const { answer, understood } = surferAnswer(
      { filters: pickFilters(params, SURFER_FILTERS), q: params.q },
      (criteria) => surferFacets(catalog, criteria, memo),
      facetsHold,
    );
    return jsonRepresentation(facetsBody(answer, understood));
  });

  route(app, "/api/surfers/:slug", "snapshot", context, (event) => {
    parseQuery(event.url.searchParams, {});
    const slug = slugParam(event, "surfer");
    const position = surferPosition(catalog, slug);
    if (position === undefined) throw notFound(`no surfer with slug '${slug}'; GET /api/surfers lists them`);
    const { list, detail } = catalog.surfers;
    return representation(detailBody("surfer", list, detail, position), JSON_TYPE);
  });
}

/** The seven spot and surfer endpoints: parse parameters, call a pure query, respond. */
import type { H3 } from "h3";
import { SPOT_FILTERS, SURFER_FILTERS } from "../../../core/snapshot-format.ts";
import type { FilterSelection } from "../../catalog/selection.ts";
import { listSpots, spotDetail, spotFacets, spotMarkers } from "../../catalog/spots.ts";
import { listSurfers, surferDetail, surferFacets } from "../../catalog/surfers.ts";
import type { Catalog } from "../../snapshot.ts";
import { notFound } from "../errors.ts";
import { bbox, countryCodes, filterValues, integerParam, textQuery } from "../params.ts";
import { type ResponseContext, respondSnapshotJson } from "../respond.ts";
import { getRoute, slugParam } from "../route.ts";
import { parseRequest } from "./request.ts";

const LIMIT_DEFAULT = 20;
const PAGE = { limit: integerParam(1, 100, LIMIT_DEFAULT), offset: integerParam(0, 1_000_000, 0) };
const SEARCH = { q: textQuery };
const SPOT_FILTER_PARAMS = {
  country: countryCodes,
  region: filterValues,
  wave_type: filterValues,
  skill_level: filterValues,
  tag: filterValues,
  tier: filterValues,
};
const SURFER_FILTER_PARAMS = { country: countryCodes, discipline: filterValues, era: filterValues, tier: filterValues };

const SPOT_LIST = { ...PAGE, ...SEARCH, ...SPOT_FILTER_PARAMS };
const SPOT_MAP = { bbox, ...SEARCH, ...SPOT_FILTER_PARAMS };
const SPOT_META = { ...SEARCH, ...SPOT_FILTER_PARAMS };
const SURFER_LIST = { ...PAGE, ...SEARCH, ...SURFER_FILTER_PARAMS };
const SURFER_META = { ...SEARCH, ...SURFER_FILTER_PARAMS };

function pickFilters<Filter extends string>(
  params: Record<string, unknown>,
  names: readonly Filter[],
): FilterSelection<Filter> {
  const filters: FilterSelection<Filter> = {};
  for (const name of names) if (params[name] !== undefined) filters[name] = params[name] as string[];
  return filters;
}

export function registerCatalogRoutes(app: H3, catalog: Catalog, context: ResponseContext): void {
  getRoute(app, "/api/spots", context, (event) => {
    const { params, key } = parseRequest(event, SPOT_LIST);
    const criteria = { filters: pickFilters(params, SPOT_FILTERS), q: params.q };
    const page = { limit: params.limit ?? LIMIT_DEFAULT, offset: params.offset ?? 0 };
    return respondSnapshotJson(event, context, key, () => listSpots(catalog, criteria, page));
  });

  getRoute(app, "/api/spots/map", context, (event) => {
    const { params, key } = parseRequest(event, SPOT_MAP);
    const criteria = { filters: pickFilters(params, SPOT_FILTERS), q: params.q, bbox: params.bbox };
    return respondSnapshotJson(event, context, key, () => spotMarkers(catalog, criteria));
  });

  getRoute(app, "/api/spots/meta", context, (event) => {
    const { params, key } = parseRequest(event, SPOT_META);
    return respondSnapshotJson(event, context, key, () =>
      spotFacets(catalog, { filters: pickFilters(params, SPOT_FILTERS), q: params.q }),
    );
  });

  getRoute(app, "/api/spots/:slug", context, (event) => {
    const { key } = parseRequest(event, {});
    const detail = spotDetail(catalog, slugParam(event, "spot"));
    if (!detail) throw notFound(`no spot with slug '${event.context.params!.slug}'; GET /api/spots lists them`);
    return respondSnapshotJson(event, context, key, () => detail);
  });

  getRoute(app, "/api/surfers", context, (event) => {
    const { params, key } = parseRequest(event, SURFER_LIST);
    const criteria = { filters: pickFilters(params, SURFER_FILTERS), q: params.q };
    const page = { limit: params.limit ?? LIMIT_DEFAULT, offset: params.offset ?? 0 };
    return respondSnapshotJson(event, context, key, () => listSurfers(catalog, criteria, page));
  });

  getRoute(app, "/api/surfers/meta", context, (event) => {
    const { params, key } = parseRequest(event, SURFER_META);
    return respondSnapshotJson(event, context, key, () =>
      surferFacets(catalog, { filters: pickFilters(params, SURFER_FILTERS), q: params.q }),
    );
  });

  getRoute(app, "/api/surfers/:slug", context, (event) => {
    const { key } = parseRequest(event, {});
    const detail = surferDetail(catalog, slugParam(event, "surfer"));
    if (!detail) throw notFound(`no surfer with slug '${event.context.params!.slug}'; GET /api/surfers lists them`);
    return respondSnapshotJson(event, context, key, () => detail);
  });
}

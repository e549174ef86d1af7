/**
 * Strict query parameters. Each endpoint declares its parameters; anything else is a
 * 400 that names the parameter and suggests the declared one it resembles. A filter may
 * be repeated (`country=PT&country=ES`, what OpenAPI clients send by default), which is
 * the same as listing its values (`country=PT,ES`); any other parameter given twice is a
 * 400. A parameter given empty (`?country=`) counts as absent.
 */
import countries from "i18n-iso-countries";
import { MAX_ZOOM } from "../../core/clusters.ts";
import { foldKey } from "../../core/fold.ts";
import { MONTHS, type Month } from "../../core/months.ts";
import { closest } from "../../core/suggest.ts";
import { type BoundingBox, wrapLongitude } from "../catalog/geo.ts";
import { invalidQuery } from "./errors.ts";

export type ParamParser<T> = ((raw: string, name: string) => T) & { repeatable?: true };

/** A parser whose parameter may be repeated: every occurrence's values, as if listed with commas. */
function repeatable<T>(parser: (raw: string, name: string) => T): ParamParser<T> {
  return Object.assign(parser, { repeatable: true as const });
}
export type ParamSpec = Record<string, ParamParser<unknown>>;
export type ParamsOf<S extends ParamSpec> = { [K in keyof S]?: ReturnType<S[K]> };

/** What a caller sees of a value in a message: bounded and printable. */
function shown(raw: string): string {
  const clean = raw.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > 40 ? `${clean.slice(0, 40)}...` : clean;
}

export function parseQuery<S extends ParamSpec>(search: URLSearchParams, spec: S): ParamsOf<S> {
  const declared = Object.keys(spec);
  const seen = new Map<string, number>();
  for (const name of search.keys()) seen.set(name, (seen.get(name) ?? 0) + 1);
  const params: Record<string, unknown> = Object.create(null);
  for (const [name, count] of seen) {
    if (!Object.hasOwn(spec, name)) throw invalidQuery(unknownParameterMessage(name, declared));
    if (count > 1 && !spec[name].repeatable)
      throw invalidQuery(`parameter '${name}' is given ${count} times; give it once`);
    const raw =
      count > 1
        ? search
            .getAll(name)
            .filter((value) => value !== "")
            .join(",")
        : search.get(name)!;
    if (raw === "") continue;
    params[name] = spec[name](raw, name);
  }
  return params as ParamsOf<S>;
}

function unknownParameterMessage(name: string, declared: string[]): string {
  const suggestion = closest(name, declared);
  if (suggestion) return `unknown parameter '${shown(name)}'; did you mean '${suggestion}'?`;
  if (declared.length === 0) return `unknown parameter '${shown(name)}'; this endpoint takes no parameters`;
  return `unknown parameter '${shown(name)}'; this endpoint accepts ${declared.join(", ")}`;
}

/** Base-10 digits only (no sign, exponent or decimal point), within [min, max]. */
export function integerParam(min: number, max: number, fallback: number): ParamParser<number> {
  return (raw, name) => {
    const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) {
      throw invalidQuery(
        `${name} must be a whole number from ${min} to ${max} (default ${fallback}); got '${shown(raw)}'`,
      );
    }
    return value;
  };
}

export const Q_MAX_LENGTH = 200;

export const textQuery: ParamParser<string> = (raw, name) => {
  if (raw.length > Q_MAX_LENGTH)
    throw invalidQuery(`${name} must be at most ${Q_MAX_LENGTH} characters; got ${raw.length}`);
  return raw;
};

/** Comma-separated values, compared whole ignoring case and accents: folded keys, no duplicates. */
export const filterValues: ParamParser<string[] | undefined> = repeatable((raw) => {
  const keys = [
    ...new Set(
      raw
        .split(",")
        .map(foldKey)
        .filter((key) => key !== ""),
    ),
  ];
  return keys.length > 0 ? keys : undefined;
});

export const countryCodes: ParamParser<string[] | undefined> = repeatable((raw, name) => {
  const keys = filterValues(raw, name);
  for (const key of keys ?? []) {
    if (!/^[a-z]{2}$/.test(key) || !countries.isValid(key.toUpperCase())) {
      throw invalidQuery(
        `${name} takes ISO 3166-1 alpha-2 codes separated by commas, like PT,ES; '${shown(key)}' is not one`,
      );
    }
  }
  return keys;
});

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Decimal numbers separated by commas, exactly `count` of them and each finite, or null. */
function decimals(raw: string, count: number): number[] | null {
  const parts = raw.split(",").map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) return null;
  const values = parts.map(Number);
  return values.every(Number.isFinite) ? values : null;
}

const BBOX_FORMAT = "bbox must be min_lat,min_lng,max_lat,max_lng in decimal degrees, like 36,-10,44,4";

/**
 * Longitudes may be any finite number: maps produce them past ±180 when panned round the
 * world, and the geo queries wrap them. Latitudes must lie on the globe.
 */
export const bbox: ParamParser<BoundingBox> = (raw) => {
  const values = decimals(raw, 4);
  if (!values) throw invalidQuery(`${BBOX_FORMAT}; got '${shown(raw)}'`);
  const [minLat, minLng, maxLat, maxLng] = values;
  for (const [label, value] of [
    ["min_lat", minLat],
    ["max_lat", maxLat],
  ] as const) {
    if (Math.abs(value) > 90) throw invalidQuery(`${BBOX_FORMAT}; ${label} ${value} is outside [-90, 90]`);
  }
  if (minLat > maxLat) throw invalidQuery(`${BBOX_FORMAT}; min_lat ${minLat} is greater than max_lat ${maxLat}`);
  return { minLat, minLng, maxLat, maxLng };
};

const NEAR_FORMAT = "near must be lat,lng in decimal degrees, like 38.7,-9.4";

/** A point: latitude in [-90, 90], longitude any finite number (wrapped like bbox's). */
export const nearParam: ParamParser<{ lat: number; lng: number }> = (raw) => {
  const values = decimals(raw, 2);
  if (!values) throw invalidQuery(`${NEAR_FORMAT}; got '${shown(raw)}'`);
  const [lat, lng] = values;
  if (Math.abs(lat) > 90) throw invalidQuery(`${NEAR_FORMAT}; latitude ${lat} is outside [-90, 90]`);
  return { lat, lng: wrapLongitude(lng) };
};

/** Half of the Earth's circumference (20,015 km) is as far as two points can be: 20000 covers any useful radius. */
export const MAX_RADIUS_KM = 20_000;

export const radiusParam: ParamParser<number> = (raw, name) => {
  const values = decimals(raw, 1);
  if (!values || !(values[0] > 0 && values[0] <= MAX_RADIUS_KM)) {
    throw invalidQuery(
      `${name} must be a distance in km greater than 0 and at most ${MAX_RADIUS_KM}, like 50; got '${shown(raw)}'`,
    );
  }
  return values[0];
};

export const zoomParam: ParamParser<number> = (raw, name) => {
  const value = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 0 && value <= MAX_ZOOM)) {
    throw invalidQuery(`${name} must be a whole number from 0 to ${MAX_ZOOM}, a map's zoom level; got '${shown(raw)}'`);
  }
  return value;
};

/** A year of four digits, like 2027. */
export const yearParam: ParamParser<string> = (raw, name) => {
  if (!/^\d{4}$/.test(raw)) throw invalidQuery(`${name} must be a year of four digits, like 2027; got '${shown(raw)}'`);
  return raw;
};

const monthNames = oneOfParam(MONTHS);

/**
 * Months, by name (`jan`…`dec`, any case) or number (`1`…`12`), comma-separated (repeatable):
 * as names. An unknown name is a 400 with the closest month; a number outside 1-12, with the rule.
 */
export const monthParam: ParamParser<Month[] | undefined> = repeatable((raw, name) => {
  const named = raw.split(",").map((value) => {
    const number = /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : 0;
    return number >= 1 && number <= 12 ? MONTHS[number - 1] : value;
  });
  // A number left over is outside 1-12: no month name is close to it, so say the rule.
  if (named.some((value) => /^\s*\d+\s*$/.test(value))) {
    throw invalidQuery(
      `${name} takes months as jan to dec or 1 to 12, several separated by commas; got '${shown(raw)}'`,
    );
  }
  return monthNames(named.join(","), name);
});

/** Above this many values, a message points to where they are listed instead of listing them. */
const LISTED_VALUES = 12;

/**
 * Comma-separated values from a closed vocabulary (repeatable like every filter). A value
 * outside it is a 400 that names the closest value and the allowed ones.
 */
export function oneOfParam<const V extends readonly string[]>(values: V): ParamParser<V[number][] | undefined> {
  const allowed = new Set<string>(values);
  return repeatable((raw, name) => {
    const keys = filterValues(raw, name);
    for (const key of keys ?? []) {
      if (allowed.has(key)) continue;
      const suggestion = closest(key, values);
      const hint = suggestion ? `: did you mean '${suggestion}'?` : ".";
      const which =
        values.length <= LISTED_VALUES
          ? `one of ${values.join(", ")}`
          : `one of the ${values.length} values listed in the API description (/api/openapi.json)`;
      throw invalidQuery(`${name} has no value '${shown(key)}'${hint} It takes ${which}, several separated by commas`);
    }
    return keys as V[number][] | undefined;
  });
}

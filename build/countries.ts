/** English country names from i18n-iso-countries, so `q=portugal` finds Portuguese spots. */

import { createRequire } from "node:module";
// The library without its locales (its main entry loads all 80): English is registered below.
import countries from "i18n-iso-countries/index.js";

const require = createRequire(import.meta.url);
countries.registerLocale(require("i18n-iso-countries/langs/en.json"));

/** Every English name of a country (official and common): `US` → United States of America, USA, ... */
export function englishCountryNames(code: string): string[] {
  const names = countries.getName(code, "en", { select: "all" });
  return names ?? [];
}

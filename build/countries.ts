/** English country names from i18n-iso-countries, so `q=portugal` finds Portuguese spots. */

// The package's main entry; under Node it registers every locale, English among them.
import countries from "i18n-iso-countries";

/** Every English name of a country (official and common): `US` → United States of America, USA, ... */
export function englishCountryNames(code: string): string[] {
  const names = countries.getName(code, "en", { select: "all" });
  return names ?? [];
}

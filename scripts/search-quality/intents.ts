/**
 * Queries that name attributes rather than places or names, as surfers type them in a
 * search box (in several languages), each with the attributes a result must have. The
 * score of a query is the precision of its first five results: the share whose own
 * attributes in the catalog (country, wave type, skill, tags, tier, discipline, era,
 * stance, best months, distance) are all the wanted ones. `npm run search-quality` prints
 * the score of the set; the test suite fails below 90%.
 */

/** Wanted attributes: an item must have one of the values of each (a tag among its tags). */
export interface WantedAttributes {
  country?: string[];
  wave_type?: string[];
  skill_level?: string[];
  tag?: string[];
  tier?: string[];
  discipline?: string[];
  era?: string[];
  stance?: string[];
  /** Months (`jan`…`dec`) one of which the spot's best_months covers. */
  month?: string[];
  /** Within `km` of this point. */
  near?: { lat: number; lng: number; km: number };
}

export interface IntentCase {
  q: string;
  collection: "spots" | "surfers";
  want: WantedAttributes;
}

const CENTRAL_AMERICA = ["BZ", "CR", "GT", "HN", "NI", "PA", "SV"];
const SOUTH_AMERICA = ["AR", "BO", "BR", "CL", "CO", "EC", "FK", "GF", "GY", "PE", "PY", "SR", "UY", "VE"];
const EUROPE = ["DE", "DK", "ES", "FR", "GB", "IE", "IS", "IT", "NL", "NO", "PT", "SE"];
const CARIBBEAN = ["BB", "CU", "DO", "GP", "JM", "MQ", "PR", "TT", "VI", "AG", "LC", "VC", "GD", "DM", "BS", "AW"];
const SOUTH_PACIFIC = ["AS", "CK", "FJ", "KI", "NC", "NU", "NR", "PF", "PN", "SB", "TK", "TO", "TV", "VU", "WF", "WS"];
const SOUTHEAST_ASIA = ["BN", "ID", "KH", "LA", "MM", "MY", "PH", "SG", "TH", "TL", "VN"];
const AFRICA = ["AO", "CV", "GH", "LR", "MA", "MG", "MU", "MZ", "NA", "RE", "SL", "SN", "ST", "ZA", "EG", "KE", "TZ"];
const BIARRITZ = { lat: 43.4806, lng: -1.5568, km: 40 };

const spots = (q: string, want: WantedAttributes): IntentCase => ({ q, collection: "spots", want });
const surfers = (q: string, want: WantedAttributes): IntentCase => ({ q, collection: "surfers", want });

export const INTENTS: IntentCase[] = [
  // The table.
  spots("central america", { country: CENTRAL_AMERICA }),
  spots("south america", { country: SOUTH_AMERICA }),
  spots("españa", { country: ["ES"] }),
  spots("aotearoa", { country: ["NZ"] }),
  spots("nihon", { country: ["JP"] }),
  surfers("peruvian surfers", { country: ["PE"] }),
  surfers("current pros from brazil", { era: ["current"], country: ["BR"] }),
  spots("big wave spots in europe", { tag: ["big-wave"], country: EUROPE }),
  spots("iconic waves", { tier: ["iconic"] }),
  spots("where to surf in january", { month: ["jan"] }),
  spots("near biarritz", { near: BIARRITZ }),
  // Countries, in English and in their own languages.
  spots("portugal", { country: ["PT"] }),
  spots("surf in brasil", { country: ["BR"] }),
  spots("maroc", { country: ["MA"] }),
  spots("spots in mexico", { country: ["MX"] }),
  spots("méxico", { country: ["MX"] }),
  spots("perú", { country: ["PE"] }),
  spots("spots in new zealand", { country: ["NZ"] }),
  spots("irish spots", { country: ["IE"] }),
  spots("waves in the uk", { country: ["GB"] }),
  spots("sudáfrica", { country: ["ZA"] }),
  spots("afrique du sud", { country: ["ZA"] }),
  spots("indonésie", { country: ["ID"] }),
  spots("filipinas", { country: ["PH"] }),
  spots("polinesia francesa", { country: ["PF"] }),
  spots("japon", { country: ["JP"] }),
  // Continents and groups.
  spots("caribbean surf", { country: CARIBBEAN }),
  spots("south pacific reefs", { country: SOUTH_PACIFIC, wave_type: ["reef"] }),
  spots("southeast asia", { country: SOUTHEAST_ASIA }),
  spots("africa", { country: AFRICA }),
  spots("europe", { country: EUROPE }),
  spots("centroamérica", { country: CENTRAL_AMERICA }),
  spots("sudamérica", { country: SOUTH_AMERICA }),
  // Wave types, skill, tags and tier, with places.
  spots("point breaks in peru", { wave_type: ["point"], country: ["PE"] }),
  spots("beginner beaches in australia", { skill_level: ["beginner"], wave_type: ["beach"], country: ["AU"] }),
  spots("reef breaks indonesia", { wave_type: ["reef"], country: ["ID"] }),
  spots("lefts in indonesia", { tag: ["left"], country: ["ID"] }),
  spots("right-handers in south africa", { tag: ["right"], country: ["ZA"] }),
  spots("barrels in fiji", { tag: ["barrel"], country: ["FJ"] }),
  spots("slabs", { tag: ["slab"] }),
  spots("tow-in spots", { tag: ["tow-in"] }),
  spots("a-frames", { tag: ["a-frame"] }),
  spots("boat trip waves", { tag: ["boat-access"] }),
  spots("cold water surf", { tag: ["cold-water"] }),
  spots("world-class waves in france", { tier: ["iconic"], country: ["FR"] }),
  spots("beginner spots in portugal", { skill_level: ["beginner"], country: ["PT"] }),
  spots("for experts", { skill_level: ["expert"] }),
  spots("surf spots for beginners", { skill_level: ["beginner"] }),
  spots("playas de españa", { wave_type: ["beach"], country: ["ES"] }),
  spots("olas en méxico", { country: ["MX"] }),
  spots("river mouths", { wave_type: ["river-mouth"] }),
  spots("remote reefs", { tag: ["remote"], wave_type: ["reef"] }),
  spots("competition venues", { tag: ["competition-venue"] }),
  spots("longboard waves", { tag: ["longboard-friendly"] }),
  spots("surf towns", { tag: ["surf-town"] }),
  spots("plages en france", { wave_type: ["beach"], country: ["FR"] }),
  spots("praias no brasil", { wave_type: ["beach"], country: ["BR"] }),
  spots("expert reefs in french polynesia", { skill_level: ["expert"], wave_type: ["reef"], country: ["PF"] }),
  spots("left point breaks", { tag: ["left"], wave_type: ["point"] }),
  spots("iconic lefts", { tier: ["iconic"], tag: ["left"] }),
  spots("big waves in hawaii usa", { tag: ["big-wave"], country: ["US"] }),
  spots("izquierdas en chile", { tag: ["left"], country: ["CL"] }),
  // Months and seasons.
  spots("surf in july", { month: ["jul"] }),
  spots("october", { month: ["oct"] }),
  spots("spots in portugal in september", { month: ["sep"], country: ["PT"] }),
  spots("winter in australia", { month: ["jun", "jul", "aug"], country: ["AU"] }),
  spots("summer waves in europe", { month: ["jun", "jul", "aug"], country: EUROPE }),
  spots("marzo", { month: ["mar"] }),
  // Near a place.
  spots("spots near lisbon", { near: { lat: 38.7167, lng: -9.1333, km: 40 } }),
  spots("close to san diego", { near: { lat: 32.7153, lng: -117.1573, km: 40 } }),
  spots("near sydney", { near: { lat: -33.8679, lng: 151.2073, km: 40 } }),
  spots("beaches near honolulu", { near: { lat: 21.3069, lng: -157.8583, km: 40 }, wave_type: ["beach"] }),
  spots("cerca de lima", { near: { lat: -12.0432, lng: -77.0282, km: 40 } }),
  // Surfers.
  surfers("australian surfers", { country: ["AU"] }),
  surfers("american longboarders", { country: ["US"], discipline: ["longboard"] }),
  surfers("big wave surfers", { discipline: ["big-wave"] }),
  surfers("bodyboarders", { discipline: ["bodyboard"] }),
  surfers("pioneers", { era: ["pioneer"] }),
  surfers("goofy footers", { stance: ["goofy"] }),
  surfers("south african surfers", { country: ["ZA"] }),
  surfers("french surfers", { country: ["FR"] }),
  surfers("surfistas brasileiros", { country: ["BR"] }),
  surfers("japanese surfers", { country: ["JP"] }),
  surfers("iconic surfers", { tier: ["iconic"] }),
  surfers("big wave riders from brazil", { discipline: ["big-wave"], country: ["BR"] }),
  surfers("longboarders", { discipline: ["longboard"] }),
  surfers("current pros", { era: ["current"] }),
  surfers("european surfers", { country: EUROPE.concat(["AT"]) }),
  surfers("surfers from south america", { country: SOUTH_AMERICA }),
  surfers("modern era surfers", { era: ["modern"] }),
  surfers("mexican surfers", { country: ["MX"] }),
  surfers("goofy footed pros", { stance: ["goofy"] }),
  surfers("regular footers from brazil", { stance: ["regular"], country: ["BR"] }),
  surfers("surfeurs français", { country: ["FR"] }),
  surfers("kiwi surfers", { country: ["NZ"] }),
  surfers("pioneers from the usa", { era: ["pioneer"], country: ["US"] }),
  surfers("portuguese surfers", { country: ["PT"] }),
  surfers("current australian pros", { era: ["current"], country: ["AU"] }),
];

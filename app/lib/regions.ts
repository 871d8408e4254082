// The seven regions used everywhere (grid, editor, counts), with suburb lists we author.
export const REGIONS = [
  "Auckland",
  "Wellington",
  "Central North Island",
  "Hamilton",
  "Tauranga",
  "Christchurch",
  "South Island",
] as const;

export type Region = (typeof REGIONS)[number];

export const SUBURBS: Record<Region, readonly string[]> = {
  Auckland: [
    "Auckland CBD",
    "Albany",
    "Avondale",
    "Botany Downs",
    "Devonport",
    "Ellerslie",
    "Epsom",
    "Glen Eden",
    "Grey Lynn",
    "Henderson",
    "Howick",
    "Manukau",
    "Mangere",
    "Mission Bay",
    "Mt Albert",
    "Mt Eden",
    "Mt Wellington",
    "New Lynn",
    "Newmarket",
    "Newton",
    "North Shore",
    "Onehunga",
    "Orewa",
    "Otahuhu",
    "Pakuranga",
    "Papakura",
    "Papatoetoe",
    "Parnell",
    "Ponsonby",
    "Penrose",
    "Remuera",
    "Sylvia Park",
    "Takapuna",
    "Te Atatu",
    "Titirangi",
  ],
  Wellington: [
    "Wellington CBD",
    "Te Aro",
    "Thorndon",
    "Kelburn",
    "Karori",
    "Newtown",
    "Island Bay",
    "Miramar",
    "Kilbirnie",
    "Oriental Bay",
    "Mt Victoria",
    "Johnsonville",
    "Tawa",
    "Porirua",
    "Lower Hutt",
    "Upper Hutt",
    "Petone",
    "Eastbourne",
    "Paraparaumu",
    "Wainuiomata",
  ],
  "Central North Island": [
    "Rotorua",
    "Taupo",
    "Tokoroa",
    "Turangi",
    "Whakatane",
    "Gisborne",
    "Napier",
    "Hastings",
    "Havelock North",
    "New Plymouth",
    "Whanganui",
    "Palmerston North",
    "Feilding",
    "Levin",
    "Masterton",
  ],
  Hamilton: [
    "Hamilton Central",
    "Hamilton East",
    "Hamilton Lake",
    "Chartwell",
    "Dinsdale",
    "Flagstaff",
    "Frankton",
    "Hillcrest",
    "Huntington",
    "Nawton",
    "Rototuna",
    "Te Rapa",
    "Claudelands",
    "Cambridge",
    "Te Awamutu",
    "Ngaruawahia",
  ],
  Tauranga: [
    "Tauranga Central",
    "Mount Maunganui",
    "Papamoa",
    "Bethlehem",
    "Brookfield",
    "Greerton",
    "Gate Pa",
    "Otumoetai",
    "Welcome Bay",
    "Bayfair",
    "Matua",
    "Ohauiti",
    "Pyes Pa",
    "Te Puke",
  ],
  Christchurch: [
    "Christchurch Central",
    "Addington",
    "Riccarton",
    "Merivale",
    "Fendalton",
    "Papanui",
    "Sydenham",
    "Sumner",
    "New Brighton",
    "Hornby",
    "Linwood",
    "Woolston",
    "Shirley",
    "Cashmere",
    "Halswell",
    "Burnside",
    "Ilam",
    "St Albans",
    "Rolleston",
    "Lincoln",
    "Rangiora",
    "Kaiapoi",
  ],
  "South Island": [
    "Dunedin",
    "Queenstown",
    "Wanaka",
    "Invercargill",
    "Nelson",
    "Blenheim",
    "Timaru",
    "Oamaru",
    "Ashburton",
    "Greymouth",
    "Westport",
    "Kaikoura",
    "Motueka",
    "Gore",
    "Alexandra",
    "Te Anau",
  ],
};

/** Finds a region from a URL segment or form value, ignoring case, spaces and dashes. */
export function parseRegion(value: string | null | undefined): Region | null {
  if (!value) return null;
  const wanted = normalise(value);
  return REGIONS.find((r) => normalise(r) === wanted) ?? null;
}

export function regionPath(region: Region): string {
  return `/locations/${encodeURIComponent(region)}`;
}

export function isSuburbOf(region: Region, suburb: string): boolean {
  return SUBURBS[region].includes(suburb);
}

/** The region a visitor's city belongs to: a region named after the city, or the region listing it as a suburb. */
export function regionForCity(city: string | null | undefined): { region: Region; suburb: string | null } | null {
  if (!city) return null;
  const wanted = normalise(city);
  for (const region of REGIONS) {
    const suburb = SUBURBS[region].find((s) => normalise(s) === wanted);
    if (suburb) return { region, suburb };
  }
  const region = REGIONS.find((r) => normalise(r) === wanted);
  return region ? { region, suburb: null } : null;
}

function normalise(value: string): string {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A malformed escape is compared as typed.
  }
  return decoded.toLowerCase().replace(/[\s_-]+/g, "");
}

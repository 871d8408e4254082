// The suburbs we author for each region (the editor's picker, listing validation, listings near the
// visitor's city). Apart from regions.ts so that public pages, which need the regions alone, do not ship them.
import { normalisePlace, REGIONS } from "./regions";
import type { Region } from "./regions";

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

export function isSuburbOf(region: Region, suburb: string): boolean {
  return SUBURBS[region].includes(suburb);
}

/** The region a visitor's city belongs to: a region named after the city, or the region listing it as a suburb. */
export function regionForCity(city: string | null | undefined): { region: Region; suburb: string | null } | null {
  if (!city) return null;
  const found = placeIndex().get(normalisePlace(city));
  return found ? { ...found } : null;
}

let places: Map<string, { region: Region; suburb: string | null }> | null = null;

/**
 * Every suburb and region by its compared spelling, made once (the page cache asks on every request): the
 * first suburb of a spelling wins, and a region only where no suburb has its spelling.
 */
function placeIndex() {
  if (places) return places;
  const index = new Map<string, { region: Region; suburb: string | null }>();
  const add = (name: string, region: Region, suburb: string | null) => {
    const key = normalisePlace(name);
    if (!index.has(key)) index.set(key, { region, suburb });
  };
  for (const region of REGIONS) for (const suburb of SUBURBS[region]) add(suburb, region, suburb);
  for (const region of REGIONS) add(region, region, null);
  return (places = index);
}

import type { Region } from "~/core/regions";

export const REGION_INTROS: Record<Region, string> = {
  Auckland:
    "Browse independent escorts, agencies and massage providers across Auckland, from the CBD and Ponsonby to the North Shore and Manukau. Every listing is posted by the provider or their agency.",
  Wellington:
    "Discover companions in the capital and the Hutt Valley, from Te Aro and Thorndon to Porirua and Lower Hutt. Contact providers directly by text.",
  "Central North Island":
    "Listings from Rotorua, Taupo, Napier, Hastings, New Plymouth, Palmerston North and the towns between them.",
  Hamilton: "Independent providers and agencies in Hamilton and the wider Waikato, including Cambridge and Te Awamutu.",
  Tauranga: "Companions in Tauranga, Mount Maunganui, Papamoa and the Western Bay of Plenty.",
  Christchurch:
    "Escorts and massage providers across Christchurch, from Riccarton and Merivale to Sumner and Rolleston.",
  "South Island": "Listings from Dunedin, Queenstown, Nelson, Invercargill and the rest of the South Island.",
};

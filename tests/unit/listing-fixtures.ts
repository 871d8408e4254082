import { emptyListingValues } from "~/features/listings/schema";
import type { ListingValues } from "~/features/listings/schema";

/** A listing that passes every check. */
export function validValues(over: Partial<ListingValues> = {}): ListingValues {
  return {
    ...emptyListingValues(),
    firstName: "Aroha",
    location: "Auckland",
    suburb: "Ponsonby",
    contactPhone: "021 123 4567",
    calls: "Incall & Outcall",
    tagLine: "Warm, discreet and fun",
    description: "A friendly companion in central Auckland who loves good food and conversation.",
    age: "27",
    nationality: "New Zealand",
    bodyType: "Slim",
    height: "168",
    weight: "55",
    bust: "34C",
    eyeColour: "Brown",
    hairColour: "Black",
    dressSize: "10",
    services: ["GFE", "Massage"],
    interests: ["Yoga"],
    favorites: ["Champagne"],
    instagram: "@aroha",
    twitter: "",
    onlyFans: "",
    website: "https://aroha.example.nz",
    rates: [{ call_type: "incall", duration: "1hr", price: "300", description: "" }],
    specialRates: [],
    availability: "Weekdays 10am-10pm",
    ...over,
  };
}

// Editor enumerations from the provider spec §3.
export const PLACES_OF_SERVICE = ["Incall", "Outcall", "Incall & Outcall"] as const;

export const BODY_TYPES = ["Slim", "Athletic", "Curvy", "BBW", "Busty", "Muscular", "Petite", "Tall", "Short"] as const;

export const NATIONALITIES = [
  "Asian",
  "Australian",
  "British",
  "Eastern European",
  "European",
  "Indian",
  "New Zealand",
  "Latin American",
  "Maori",
  "Middle Eastern",
  "North American",
  "Pacific Islander",
  "South American",
  "South East Asian",
] as const;

export const SERVICES = [
  "Anal Play On Me",
  "Anal Play On You",
  "BDSM",
  "Couples",
  "Cuddling",
  "Dinner Dates",
  "Domination",
  "Face Sitting",
  "Fetish",
  "Foot Worship",
  "French Kissing",
  "GFE",
  "Hand Relief",
  "Lap Dancing",
  "Massage",
  "Modeling",
  "Oral",
  "Oral (receiving)",
  "Oral (giving)",
  "Parties",
  "Pole Dancing",
  "Prostate Massage",
  "Disabled Clients",
  "Role Play",
  "Squirting",
  "Strap On",
  "Striptease",
  "Submissive",
  "Swallow",
  "Sex Toys",
] as const;

export const INTERESTS = [
  "Reading",
  "Traveling",
  "Fine Dining",
  "Music",
  "Dancing",
  "Fashion",
  "Photography",
  "Art",
  "Fitness",
  "Yoga",
  "Meditation",
  "Theatre",
  "Movies",
  "Wine Tasting",
  "Cooking",
] as const;

export const FAVOURITE_THINGS = [
  "Flowers",
  "Gift Cards",
  "Red Wine",
  "White Wine",
  "Champagne",
  "Jewelry",
  "Perfume",
  "Lingerie",
  "Handbags",
  "Fine Chocolates",
  "Coffee",
] as const;

export const RATE_DURATIONS = ["30min", "1hr", "1.5hr", "2hr", "3hr", "Overnight"] as const;
export type RateDuration = (typeof RATE_DURATIONS)[number];
export const CALL_TYPES = ["incall", "outcall"] as const;
export type CallType = (typeof CALL_TYPES)[number];

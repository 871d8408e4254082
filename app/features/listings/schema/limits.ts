// The editor's limits and the spec's messages for every listing field (provider spec §5).
import { PHOTO_MSG } from "~/features/photos/rules";
export const LIMITS = {
  firstName: 50,
  tagLineMin: 10,
  tagLine: 100,
  descriptionMin: 50,
  description: 700,
  suburb: 60,
  bust: 20,
  colour: 30,
  social: 300,
  availability: 500,
  rateDescription: 200,
  serviceName: 80,
  specialDuration: 30,
  rateRows: 12,
  specialRateRows: 20,
  maxPrice: 100_000,
} as const;

export const NUMBER_BOUNDS = {
  height: { label: "Height", min: 80, max: 240 },
  weight: { label: "Weight", min: 20, max: 150 },
  dressSize: { label: "Dress size", min: 0, max: 40 },
} as const;

export const LISTING_MSG = {
  // Page checks (spec §5, per page). The phone message has no final period in the spec.
  displayName: "Display Name is required.",
  location: "Service Location is required.",
  calls: "Place of service is required.",
  phone: "Contact phone is required",
  tagLineMin: `Tagline must be at least ${LIMITS.tagLineMin} characters.`,
  descriptionMin: `Bio must be at least ${LIMITS.descriptionMin} characters.`,
  photos: PHOTO_MSG.minimum,
  ageRequired: "Age is required.",
  ageOver18: "You must be 18 or older.",
  rates: "Please add at least one incall or outcall rate.",
  // Save checks (spec §5, second check).
  required: (label: string) => `${label} is required`,
  oneImage: "At least one image is required",
  ageRange: "Age must be between 18 and 99",
  notNumber: (field: string) => `${field} must be a valid number`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  atMost: (field: string, max: number) => `${field} must be no more than ${max}`,
  phoneDigits: "Please enter a valid phone number between 7-13 digits",
  // Shape checks: what only a hand-made request can trip.
  tooLong: (label: string, max: number) => `${label} must be no more than ${max} characters.`,
  notText: (label: string) => `${label} must be text`,
  region: "Choose a service location from the list.",
  suburb: (region: string) => `Choose a suburb in ${region} from the list.`,
  suburbWithoutRegion: "Choose a service location before a suburb.",
  place: "Choose a place of service from the list.",
  bodyType: "Choose a body type from the list.",
  nationality: "Choose a nationality from the list.",
  listItem: (label: string) => `Choose ${label.toLowerCase()} from the list.`,
  social: (label: string) => `${label} must be a handle or a link starting with http:// or https://`,
  website: "Website must be a link starting with http:// or https://",
  callType: "Choose incall or outcall.",
  duration: "Choose a duration from the list.",
  duplicateRate: (callType: string) => `There is already an ${callType} rate for this duration.`,
  tooManyRates: "Too many rates.",
  tooManySpecialRates: `At most ${LIMITS.specialRateRows} packages and special rates.`,
  serviceName: "Service name is required.",
  photosTooMany: PHOTO_MSG.tooMany,
  fixPage: (page: number) => `Please fix the issues on page ${page} before saving.`,
} as const;

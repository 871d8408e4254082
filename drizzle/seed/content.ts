// Words the demo listings are made of. Tasteful and non-explicit: this is what a first-time
// visitor of the demo sees.
import type { Rng } from "./random";

// Names that share prefixes or sound alike come first, so every seed has them and name search is interesting.
export const NAME_CLUSTERS = [
  "Anna",
  "Annabel",
  "Ana",
  "Hannah",
  "Annie",
  "Hana",
  "Ella",
  "Ellie",
  "Isabel",
  "Isabella",
  "Mia",
  "Amelia",
  "Emma",
  "Emily",
  "Sophie",
  "Sophia",
  "Lily",
  "Lila",
] as const;

export const FIRST_NAMES = [
  ...NAME_CLUSTERS,
  "Anahera",
  "Aroha",
  "Eleanor",
  "Emilia",
  "Amy",
  "Maya",
  "Isla",
  "Olivia",
  "Charlotte",
  "Chloe",
  "Zoe",
  "Lucy",
  "Lucia",
  "Grace",
  "Georgia",
  "Harper",
  "Ava",
  "Evie",
  "Eva",
  "Freya",
  "Poppy",
  "Rose",
  "Rosie",
  "Rosa",
  "Stella",
  "Willow",
  "Ivy",
  "Holly",
  "Kate",
  "Katie",
  "Kiri",
  "Mere",
  "Moana",
  "Madison",
  "Maddie",
  "Jasmine",
  "Jess",
  "Jessica",
  "Leah",
  "Lena",
  "Luna",
  "Mila",
  "Nina",
  "Nora",
  "Paige",
  "Penelope",
  "Quinn",
  "Riley",
  "Sara",
  "Sarah",
  "Tessa",
  "Thea",
  "Violet",
  "Zara",
  "Aria",
  "Claire",
  "Daisy",
  "Eden",
  "Fleur",
  "Gemma",
  "Heidi",
  "Imogen",
  "Layla",
  "Mei",
  "Priya",
  "Yuki",
  "Sofia",
  "Valentina",
  "Camila",
  "Natalia",
  "Elena",
] as const;

/** The agency's listings; kept out of FIRST_NAMES so a search finds exactly them. */
export const AGENCY_NAMES = ["Sienna", "Jade", "Scarlett", "Coco"] as const;

export const EYE_COLOURS = ["Brown", "Blue", "Green", "Hazel", "Grey", "Dark Brown"] as const;
export const HAIR_COLOURS = [
  "Blonde",
  "Brunette",
  "Black",
  "Red",
  "Auburn",
  "Light Brown",
  "Platinum",
  "Dark Brown",
] as const;
export const BUST_CUPS = ["A", "B", "C", "D", "DD", "E", "F"] as const;

export const AVAILABILITY = [
  "Mon-Fri 10am-10pm",
  "Weekdays from 11am, weekends by arrangement",
  "Evenings and weekends",
  "Most days 9am until late - text to check",
  "By appointment only, 24 hours notice preferred",
  "Tuesday to Saturday, midday until midnight",
  "Afternoons and evenings, seven days",
  "Thursday to Sunday, 2pm-2am",
  "Flexible hours - message me and we'll find a time",
] as const;

const TAG_LINES = [
  "Warm, witty and wonderfully easy to be around",
  "Your calm escape from a busy {region} week",
  "Elegant company for dinners, events and quiet nights in",
  "Sophisticated, playful and always discreet",
  "Good conversation, great laughs, no rush",
  "New to {place} and keen to meet you",
  "Sweet smile, kind heart, unforgettable company",
  "Relaxed, genuine and a great listener",
  "The girlfriend experience, done with warmth and class",
  "Adventurous spirit with a soft spot for {interest}",
  "Classy companion for the discerning gentleman",
  "Sunshine in human form - come and say hello",
  "Down to earth {place} local with a cheeky laugh",
  "Stylish, curious and easy to talk to",
  "Unhurried time with someone who really listens",
  "Fresh, fun and full of good energy",
] as const;

const INTROS = [
  "Kia ora, I'm {name}.",
  "Hi there, I'm {name}, based in {place}.",
  "Hello and welcome! I'm {name}, a {age}-year-old {place} local.",
  "Thanks for stopping by - I'm {name}.",
  "I'm {name}, and I'm so glad you found me.",
] as const;

const PERSONALITY = [
  "Friends describe me as warm, curious and a little cheeky.",
  "I'm easy-going, well travelled and love a good conversation over a glass of something nice.",
  "I believe the best time together starts with a genuine connection and a relaxed pace.",
  "I'm bubbly and affectionate, with a laugh you'll hear from across the room.",
  "Calm, elegant and attentive, I love making people feel at ease.",
  "I'm a bit of a night owl who loves music, good food and better company.",
  "I'm thoughtful and down to earth, and I always make time to get to know you.",
] as const;

const INTEREST_PHRASES: Record<string, string> = {
  Reading: "curled up with a good book",
  Traveling: "planning my next trip",
  "Fine Dining": "trying a new restaurant",
  Music: "at a live gig",
  Dancing: "on the dance floor",
  Fashion: "browsing local boutiques",
  Photography: "out with my camera",
  Art: "wandering around a gallery",
  Fitness: "at the gym",
  Yoga: "at a sunrise yoga class",
  Meditation: "enjoying a quiet moment by the sea",
  Theatre: "at the theatre",
  Movies: "watching old movies",
  "Wine Tasting": "at a vineyard",
  Cooking: "cooking something new",
};

const SETTING: Record<string, string> = {
  Incall: "I host in a private, comfortable and beautifully kept apartment with easy parking.",
  Outcall: "I'm happy to come to you, at home or at your hotel.",
  "Incall & Outcall": "I can host you in my private apartment or come to your home or hotel - whichever suits you.",
};

const CLOSERS = [
  "Please text ahead to book; polite messages are always answered first.",
  "Same-day bookings are often possible, so just send me a text.",
  "Discretion is assured, always.",
  "I look forward to meeting you.",
  "Longer bookings and dinner dates are my favourite - ask me about them.",
  "Let's make some lovely memories together.",
] as const;

export const SPECIAL_RATES = [
  {
    serviceName: "Dinner Date",
    duration: "180",
    factor: 2.6,
    description: "Dinner at a restaurant of your choice, then time together",
  },
  {
    serviceName: "Overnight Stay",
    duration: "720",
    factor: 7,
    description: "Dinner, conversation and breakfast in the morning",
  },
  {
    serviceName: "Couples Booking",
    duration: "60",
    factor: 1.6,
    description: "For couples who would like to share the experience",
  },
  {
    serviceName: "Weekend Getaway",
    duration: "2880",
    factor: 18,
    description: "Two days away together; travel costs are extra",
  },
  { serviceName: "Extended GFE", duration: "240", factor: 3.2, description: "" },
  { serviceName: "Relaxation Massage", duration: "45", factor: 0.7, description: "A full body relaxation massage" },
  { serviceName: "Lunch Date", duration: "90", factor: 1.4, description: "A long lunch somewhere nice" },
] as const;

export const RATE_NOTES = [
  "",
  "",
  "",
  "",
  "Includes a drink on arrival",
  "Shower available",
  "Travel within 15 km included",
] as const;

export type TextContext = {
  name: string;
  age: number;
  region: string;
  suburb: string;
  calls: string;
  interests: string[];
};

function fill(template: string, ctx: TextContext, rng: Rng): string {
  let text = template
    .replaceAll("{name}", ctx.name)
    .replaceAll("{age}", String(ctx.age))
    .replaceAll("{region}", ctx.region)
    .replaceAll("{place}", ctx.suburb || ctx.region);
  if (text.includes("{interest}")) {
    text = text.replaceAll("{interest}", rng.pick(ctx.interests.length ? ctx.interests : ["Traveling"]).toLowerCase());
  }
  return text;
}

/** 10 to 100 characters. */
export function tagLine(rng: Rng, ctx: TextContext): string {
  for (;;) {
    const text = fill(rng.pick(TAG_LINES), ctx, rng);
    if (text.length >= 10 && text.length <= 100) return text;
  }
}

const MORE = [
  "I grew up by the coast and still feel most at home near the water.",
  "I'm a great listener and just as happy sharing a quiet drink as a night out on the town.",
  "Good manners, a sense of humour and a little spontaneity go a long way with me.",
  "I take care of myself and love dressing up - tell me if you have a favourite colour.",
  "My bookings are never rushed; I'd rather we take our time and enjoy it.",
  "New to this? Don't worry - I'll make you feel comfortable from the moment we meet.",
  "I travel around the country now and then, so follow my page for tour dates.",
  "I love a long dinner date where the conversation flows as easily as the wine.",
] as const;

/**
 * 50 to 700 characters: an intro, a line about personality and pastimes, the setting, and a closing line.
 * About one in ten is a short note and one in ten runs close to the 700 limit, so both show up in the UI.
 */
export function description(rng: Rng, ctx: TextContext): string {
  const length = rng.weighted([
    ["short", 1],
    ["normal", 8],
    ["long", 1],
  ] as const);
  if (length === "short") {
    const note = `${fill(rng.pick(INTROS), ctx, rng)} ${rng.pick(CLOSERS)}`;
    return note.length >= 50 ? note : `${note} ${rng.pick(PERSONALITY)}`;
  }
  const parts = [fill(rng.pick(INTROS), ctx, rng), rng.pick(PERSONALITY)];
  const phrases = ctx.interests.map((i) => INTEREST_PHRASES[i]).filter(Boolean);
  if (phrases.length) {
    const two = rng.subset(phrases, 2);
    parts.push(`When I'm not working you'll find me ${two.join(" or ")}.`);
  }
  if (SETTING[ctx.calls]) parts.push(SETTING[ctx.calls]);
  if (rng.chance(0.5)) parts.push(rng.pick(PERSONALITY));
  if (length === "long") {
    for (const extra of rng.shuffle([...MORE])) {
      if (parts.join(" ").length + extra.length > 600) break;
      parts.push(extra);
    }
  }
  parts.push(rng.pick(CLOSERS));
  const unique = [...new Set(parts)];
  // Blank lines between some sentences, so the bio shows paragraphs.
  let text = unique.reduce((acc, p, i) => (i === 0 ? p : acc + (i === 2 && rng.chance(0.5) ? "\n\n" : " ") + p), "");
  while (text.length > 700) text = text.slice(0, text.lastIndexOf(" ", 690)).trimEnd() + "...";
  return text;
}

export function socialHandle(rng: Rng, name: string): string {
  const base = name.toLowerCase().replace(/[^a-z]/g, "");
  return rng.pick([`${base}_nz_demo`, `${base}.demo`, `the.real.${base}.demo`, `${base}${rng.int(10, 99)}_demo`]);
}

/** Web sites on the reserved .example domain, some without a scheme (the app prefixes http://). */
export function website(rng: Rng, name: string): string {
  const host = `${name.toLowerCase().replace(/[^a-z]/g, "")}-${rng.pick(["nz", "companion", "company", "elite"])}.example`;
  return rng.pick([`https://${host}`, `www.${host}`, host]);
}

/** NZ mobile numbers, 9 to 11 digits: 02x then 6 to 8 digits. */
export function mobileNumber(rng: Rng): string {
  const prefix = rng.pick(["021", "022", "027", "029", "020"]);
  const rest = rng.weighted([
    [6, 2],
    [7, 6],
    [8, 2],
  ] as const);
  let digits = prefix;
  for (let i = 0; i < rest; i++) digits += String(rng.int(i === 0 ? 1 : 0, 9));
  return digits;
}

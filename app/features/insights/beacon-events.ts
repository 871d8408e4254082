// What the browser's beacon reports, with nothing else: the home page's shared chunk carries this module,
// so it imports nothing (count-events.ts has the server's rules that build on it).

// 'open': a profile opened from a card, reported with the card's cover so that each rotating cover's views per
// impression can be told apart (docs/decisions/0033-cover-rotation.md); it adds to no daily total.
export const COUNT_KINDS = ["impression", "view", "photo", "contact", "like", "favourite", "open"] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/** One thing a visitor did to one listing; `photo` is the photo's key (the card's cover, the photo opened). */
export type CountEvent = { kind: CountKind; listing: string; photo?: string };

/** Most events one beacon may carry (a phone scrolling a long grid for a while sends several beacons). */
export const MAX_BEACON_EVENTS = 60;

const PHOTO_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,159}$/;

/** The photo key in a card's or lightbox's photo URL ('/photos/<key>', with or without a size). */
export function photoKeyOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const path = value.startsWith("/photos/") ? value.slice("/photos/".length).split("?")[0] : value;
  // A size of a photo (photos/variants.ts: 'x.w480.webp') is the photo itself.
  const key = path.replace(/\.w\d+\.webp$/, ".webp");
  return PHOTO_KEY.test(key) && !key.includes("..") ? key : undefined;
}

// Name search scoring (spec §5). Pure: the server ranks D1 candidates with it and the unit tests pin
// every rule.
//
// How we read the spec's rules (both name and query are trimmed and lower-cased first):
//  1. name === query                                   -> 1000 (exact)
//  2. one-character query: 1 when the name contains it, else 0
//  3. longer queries: the "two-letter fragments" are the query's consecutive 2-character substrings
//     ("anna" -> "an", "nn", "na"). When none of them occurs in the name the score is 0.
//  4. name starts with the query                       -> 900 (prefix)
//  5. name contains the query                          -> 800 (contained)
//  6. otherwise 50 for each fragment found in the name plus 10 for each "matching character", i.e. each
//     character of the query that occurs anywhere in the name. Both are counted per position in the
//     query, so a repeated fragment or letter counts each time it appears in the query (the original
//     looped over the query this way).
// Then: scores of 0 are dropped, the rest sorted highest first (ties keep the input order, which the
// server makes grid order so featured listings lead), and when any exact match exists only the exact
// matches are kept.
// Characters are Unicode code points (Array.from), so an emoji or a Māori macron is one character.

export const EXACT_SCORE = 1000;
export const PREFIX_SCORE = 900;
export const CONTAINED_SCORE = 800;
export const FRAGMENT_SCORE = 50;
export const CHARACTER_SCORE = 10;

/** Longest query we act on: no first name is longer, and it bounds the work (and the SQL parameters). */
export const MAX_QUERY_LENGTH = 50;

/** Trimmed query capped at 50 characters, or null when there is nothing to search for. */
export function normaliseQuery(q: string | null | undefined): string | null {
  if (typeof q !== "string") return null;
  const trimmed = q.trim();
  if (!trimmed) return null;
  const capped = Array.from(trimmed).slice(0, MAX_QUERY_LENGTH).join("").trim();
  return capped || null;
}

/** The query's consecutive two-character substrings, one per position (duplicates kept). */
export function queryFragments(query: string): string[] {
  const chars = Array.from(query);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

function fold(value: string): string {
  return value.trim().toLowerCase();
}

export function scoreName(name: string, query: string): number {
  const n = fold(name);
  const q = fold(query);
  if (!q || !n) return 0;
  if (n === q) return EXACT_SCORE;
  const chars = Array.from(q);
  if (chars.length === 1) return n.includes(q) ? 1 : 0;
  const found = queryFragments(q).filter((f) => n.includes(f)).length;
  if (found === 0) return 0;
  if (n.startsWith(q)) return PREFIX_SCORE;
  if (n.includes(q)) return CONTAINED_SCORE;
  const matchingChars = chars.filter((c) => n.includes(c)).length;
  return found * FRAGMENT_SCORE + matchingChars * CHARACTER_SCORE;
}

export function rankByName<T extends { firstName: string }>(items: T[], query: string): (T & { score: number })[] {
  const scored = items
    .map((item) => ({ ...item, score: scoreName(item.firstName, query) }))
    .filter((item) => item.score > 0);
  const exact = scored.filter((item) => item.score === EXACT_SCORE);
  const kept = exact.length > 0 ? exact : scored;
  // Array.prototype.sort is stable, so equal scores keep the caller's order.
  return kept.sort((a, b) => b.score - a.score);
}

/** The query's folded form and distinct fragments: what the server's SQL prefilter looks for. */
export function searchTerms(query: string): { folded: string; singleChar: boolean; fragments: string[] } {
  const folded = fold(query);
  const singleChar = Array.from(folded).length === 1;
  return { folded, singleChar, fragments: singleChar ? [] : [...new Set(queryFragments(folded))] };
}

/** Where a page of search results ends: rank order is score (highest first), then grid order. */
export type SearchCursor = { score: number; featured: boolean; listedAt: number; id: string };

const CURSOR_PATTERN = /^(\d{1,6})\.([01])\.(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/;

/** A plain, URL-safe keyset position ("900.1.1700000000000.abc"): no base64 needed, nothing secret in it. */
export function encodeSearchCursor(c: SearchCursor): string {
  return `${c.score}.${c.featured ? 1 : 0}.${c.listedAt}.${c.id}`;
}

/** The cursor, or null when it is not one we could have issued (the page then starts from the top). */
export function decodeSearchCursor(raw: string | null | undefined): SearchCursor | null {
  if (typeof raw !== "string") return null;
  const m = CURSOR_PATTERN.exec(raw);
  if (!m) return null;
  const listedAt = Number(m[3]);
  if (!Number.isSafeInteger(listedAt)) return null;
  return { score: Number(m[1]), featured: m[2] === "1", listedAt, id: m[4] };
}

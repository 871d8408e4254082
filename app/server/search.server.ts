// Name search (spec §5). D1 only finds candidates; the scoring itself is app/lib/search.ts, so the
// rules live in one pure, unit-tested place.
//
// Cost per search, with N listings in scope (live ones for visitors):
//  - an ASCII query first tries an exact-name seek on the covering index listings_search
//    (migration 0004). When a name matches exactly, spec §5 shows only exact matches, so we are done
//    after reading a handful of index entries;
//  - otherwise one scan of that index (N entries read, no table rows) that returns only names that can
//    score above 0: those containing one of the query's two-letter fragments (or its single letter);
//  - then one read of the card columns for the top `limit` results, by primary key.
// The SQL prefilter is a superset of what scoreName accepts: SQLite's lower() folds ASCII only, so
// names with any character outside printable ASCII are always passed on and JavaScript decides.
import { normaliseQuery, rankByName, searchTerms } from "~/lib/search";
import { toCard, type CardRow, type ListingCardData } from "~/lib/listing-card";

export const DEFAULT_SEARCH_LIMIT = 48;
export const MAX_SEARCH_LIMIT = 200;
/** IN-list size for the card read: below D1's 100 bound parameters with room to spare. */
const IN_CHUNK = 90;

export type SearchResult = ListingCardData & { score: number };
export type SearchOutcome = { results: SearchResult[]; rowsRead: number; total: number };

type Candidate = { id: string; firstName: string; featured: number; listedAt: number };

const CANDIDATE_COLUMNS = "id, first_name AS firstName, featured, listed_at AS listedAt";

const CARD_COLUMNS = `id, first_name AS firstName, age, tag_line AS tagLine, location, suburb, rate60, orate60,
  featured, hot, verified, live, photo_verified AS photoVerified, active, active_until AS activeUntil,
  cover_key AS coverKey, cover_width AS coverWidth, cover_height AS coverHeight`;

type RawCardRow = Omit<CardRow, "featured" | "hot" | "verified" | "live" | "photoVerified" | "active"> & {
  featured: number;
  hot: number;
  verified: number;
  live: number;
  photoVerified: number;
  active: number;
};

function toCardRow(r: RawCardRow): CardRow {
  return {
    ...r,
    featured: r.featured === 1,
    hot: r.hot === 1,
    verified: r.verified === 1,
    live: r.live === 1,
    photoVerified: r.photoVerified === 1,
    active: r.active === 1,
  };
}

// Grid order, so equal scores list featured listings first, then the newest.
function byGridOrder(a: Candidate, b: Candidate): number {
  return b.featured - a.featured || b.listedAt - a.listedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export async function searchListings(
  env: Pick<Env, "DB">,
  q: string,
  opts: { includeHidden: boolean; limit?: number },
): Promise<SearchOutcome> {
  const query = normaliseQuery(q);
  if (!query) return { results: [], rowsRead: 0, total: 0 };
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? DEFAULT_SEARCH_LIMIT) || DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT);
  // `live IN (0, 1)` rather than no condition keeps the index's first column constrained, so the
  // exact seek still works for administrators.
  const scope = opts.includeHidden ? "live IN (0, 1)" : "live = 1";
  const { folded, singleChar, fragments } = searchTerms(query);
  let rowsRead = 0;
  let candidates: Candidate[] = [];

  if (PRINTABLE_ASCII.test(folded)) {
    const exact = await env.DB.prepare(
      `SELECT ${CANDIDATE_COLUMNS} FROM listings INDEXED BY listings_search WHERE ${scope} AND first_name = ?1 COLLATE NOCASE`,
    )
      .bind(folded)
      .all<Candidate>();
    rowsRead += exact.meta.rows_read ?? 0;
    candidates = exact.results;
  }

  if (candidates.length === 0) {
    const needles = singleChar ? [folded] : fragments;
    const contains = needles.map((_, i) => `instr(lower(first_name), ?${i + 1}) > 0`).join(" OR ");
    const scan = await env.DB.prepare(
      `SELECT ${CANDIDATE_COLUMNS} FROM listings INDEXED BY listings_search
       WHERE ${scope} AND (${contains} OR first_name GLOB '*[^ -~]*')`,
    )
      .bind(...needles)
      .all<Candidate>();
    rowsRead += scan.meta.rows_read ?? 0;
    candidates = scan.results;
  }

  const ranked = rankByName(candidates.sort(byGridOrder), query);
  const top = ranked.slice(0, limit);
  if (top.length === 0) return { results: [], rowsRead, total: 0 };

  const chunks: string[][] = [];
  for (let i = 0; i < top.length; i += IN_CHUNK) chunks.push(top.slice(i, i + IN_CHUNK).map((c) => c.id));
  const reads = await env.DB.batch<RawCardRow>(
    chunks.map((ids) =>
      env.DB.prepare(
        // The live check again: a listing hidden between the two reads must not slip into a visitor's results.
        `SELECT ${CARD_COLUMNS} FROM listings WHERE id IN (${ids.map(() => "?").join(", ")}) AND ${scope}`,
      ).bind(...ids),
    ),
  );
  const cards = new Map<string, ListingCardData>();
  for (const read of reads) {
    rowsRead += read.meta.rows_read ?? 0;
    for (const row of read.results) cards.set(row.id, toCard(toCardRow(row)));
  }
  const results: SearchResult[] = [];
  for (const c of top) {
    const card = cards.get(c.id);
    if (card) results.push({ ...card, score: c.score });
  }
  return { results, rowsRead, total: ranked.length };
}

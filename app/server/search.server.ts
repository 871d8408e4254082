// Name search (spec §5). The score of a listing depends on its first name only, and names repeat a lot,
// so D1 works on distinct names and JavaScript scores them with app/lib/search.ts (the one place the
// rules live). Per search, with N listings in scope (the live ones for visitors):
//  1. an ASCII query seeks exact names on the covering index listings_search (migration 0004). When one
//     exists, spec §5 shows only exact matches: that statement answers their cards, and the scan sent
//     with it in the same batch reads nothing (its LIMIT is then 0);
//  2. otherwise one scan of that index (N entries, no table rows) answers the distinct names, with
//     their listing counts, that can score above 0 (those containing one of the query's two-letter
//     fragments, or its single letter);
//  3. the names are scored and ranked in JavaScript; only the best score tiers needed to fill `limit`
//     go back to D1, as one JSON parameter, and one statement answers the top `limit` cards ordered by
//     score then grid order (featured first), reading those tiers' index entries or, when cheaper, the
//     first rows in grid order.
// D1 hands back a few dozen names instead of thousands of rows, which is most of the time a search takes.
// Grouping uses NOCASE: names equal apart from ASCII case lower-case to the same string, so they score
// the same. The SQL prefilter is a superset of what scoreName accepts: SQLite's lower() folds ASCII only,
// so a name with any character outside printable ASCII always goes to JavaScript, which decides.
import { normaliseQuery, rankByName, scoreName, searchTerms } from "~/lib/search";
import { toCard, type CardRow, type ListingCardData } from "~/lib/listing-card";

export const DEFAULT_SEARCH_LIMIT = 48;
export const MAX_SEARCH_LIMIT = 200;

export type SearchResult = ListingCardData & { score: number };
export type SearchOutcome = { results: SearchResult[]; rowsRead: number; total: number };

type NameGroup = { firstName: string; n: number };

const CARD_COLUMNS = `id, first_name AS firstName, age, tag_line AS tagLine, location, suburb, rate60, orate60,
  featured, hot, verified, live, photo_verified AS photoVerified, active, active_until AS activeUntil,
  cover_key AS coverKey, cover_width AS coverWidth, cover_height AS coverHeight, listed_at AS listedAt`;

type RawCardRow = Omit<CardRow, "featured" | "hot" | "verified" | "live" | "photoVerified" | "active"> & {
  featured: number;
  hot: number;
  verified: number;
  live: number;
  photoVerified: number;
  active: number;
  listedAt: number;
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

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The ranked name groups that fill the first `limit` results: whole score tiers, so every listing that
 * ties with the last one taken competes on grid order.
 */
function tiersFor(ranked: (NameGroup & { score: number })[], limit: number): (NameGroup & { score: number })[] {
  const out: (NameGroup & { score: number })[] = [];
  let count = 0;
  for (const group of ranked) {
    if (count >= limit && group.score !== out[out.length - 1]?.score) break;
    out.push(group);
    count += group.n;
  }
  return out;
}

export async function searchListings(
  env: Pick<Env, "DB">,
  q: string,
  opts: { includeHidden: boolean; limit?: number },
): Promise<SearchOutcome> {
  const query = normaliseQuery(q);
  if (!query) return { results: [], rowsRead: 0, total: 0 };
  const limit = Math.min(
    Math.max(Math.trunc(opts.limit ?? DEFAULT_SEARCH_LIMIT) || DEFAULT_SEARCH_LIMIT, 1),
    MAX_SEARCH_LIMIT,
  );
  // `live IN (0, 1)` rather than no condition keeps the index's first column constrained, so the exact
  // seek works for administrators too.
  const scope = opts.includeHidden ? "live IN (0, 1)" : "live = 1";
  const { folded, singleChar, fragments } = searchTerms(query);
  let rowsRead = 0;

  const needles = singleChar ? [folded] : fragments;
  const contains = needles.map((_, i) => `instr(lower(first_name), ?${i + 2}) > 0`).join(" OR ");
  const ascii = PRINTABLE_ASCII.test(folded);
  // The distinct candidate names with their listing counts. For an ASCII query the scan carries a LIMIT
  // that is 0 when an exact name exists (SQLite evaluates it once, before the loop, and then reads
  // nothing): exact and scan go to D1 together in one round trip, and the scan only costs when needed.
  const gate = ascii
    ? ` LIMIT (CASE WHEN EXISTS (SELECT 1 FROM listings WHERE ${scope} AND first_name = ?1 COLLATE NOCASE) THEN 0 ELSE -1 END)`
    : "";
  const scanStatement = env.DB.prepare(
    `SELECT first_name AS firstName, COUNT(*) AS n FROM listings
     WHERE ${scope} AND (${contains} OR first_name GLOB '*[^ -~]*') GROUP BY first_name COLLATE NOCASE${gate}`,
  ).bind(folded, ...needles);

  let groups: NameGroup[];
  // Index entries the scan read: about the number of listings in scope.
  let inScope: number;
  if (ascii) {
    // Exact names in one statement: the page of cards in grid order and how many there are. For an ASCII
    // query a NOCASE-equal name is always an exact match. (The one gap: when such a name exists, a name
    // stored with surrounding spaces or a Unicode look-alike letter, which scoreName would also call exact,
    // is not added. Names are trimmed at save.)
    const exactStatement = env.DB.prepare(
      `SELECT ${CARD_COLUMNS}, (SELECT COUNT(*) FROM listings WHERE ${scope} AND first_name = ?1 COLLATE NOCASE) AS total
       FROM listings WHERE id IN (
         SELECT id FROM listings WHERE ${scope} AND first_name = ?1 COLLATE NOCASE
         ORDER BY featured DESC, listed_at DESC, id DESC LIMIT ?2
       )`,
    ).bind(folded, limit);
    const [exact, scan] = await env.DB.batch<unknown>([exactStatement, scanStatement]);
    rowsRead += (exact.meta.rows_read ?? 0) + (scan.meta.rows_read ?? 0);
    inScope = scan.meta.rows_read ?? 0;
    const exactRows = exact.results as (RawCardRow & { total: number })[];
    if (exactRows.length > 0) return { results: inRankOrder(exactRows, query), rowsRead, total: exactRows[0].total };
    groups = scan.results as NameGroup[];
  } else {
    const scan = await scanStatement.all<NameGroup>();
    rowsRead += scan.meta.rows_read ?? 0;
    inScope = scan.meta.rows_read ?? 0;
    groups = scan.results;
  }

  // Ties keep this order: it does not matter, every tier is ordered again in SQL.
  const ranked = rankByName(groups, query);
  const total = ranked.reduce((sum, g) => sum + g.n, 0);
  if (ranked.length === 0) return { results: [], rowsRead, total: 0 };

  const tiers = tiersFor(ranked, limit);
  const tierTotal = tiers.reduce((sum, t) => sum + t.n, 0);
  const oneScore = tiers.every((t) => t.score === tiers[0].score);
  const named = JSON.stringify(tiers.map((t) => [t.firstName, t.score]));
  // Two ways to the top `limit` of the chosen names, both exact; we pick the cheaper:
  //  - seek each name's entries in listings_search and sort them (reads about tierTotal entries);
  //  - when every chosen name has the same score, walk the grid order (listings_grid) and keep the first
  //    rows whose name was chosen (reads about limit * inScope / tierTotal rows). That is what a
  //    one-letter query wants: thousands of names score 1, and the first 48 in grid order are near the top.
  const walkGrid = oneScore && limit * inScope < tierTotal * tierTotal;
  const topIds = walkGrid
    ? `SELECT id FROM listings WHERE ${scope} AND first_name COLLATE NOCASE IN (SELECT value ->> 0 FROM json_each(?1))
       ORDER BY featured DESC, listed_at DESC, id DESC LIMIT ?2`
    : // CROSS JOIN fixes the loop order (SQLite never reorders it): for each scored name, seek its entries.
      // Left to itself the planner may scan every listing and probe the names instead.
      `SELECT l.id FROM (SELECT value ->> 0 AS name, value ->> 1 AS score FROM json_each(?1)) AS s
       CROSS JOIN listings l ON l.${scope} AND l.first_name = s.name COLLATE NOCASE
       ORDER BY s.score DESC, l.featured DESC, l.listed_at DESC, l.id DESC LIMIT ?2`;
  const top = await env.DB.prepare(`SELECT ${CARD_COLUMNS} FROM listings WHERE id IN (${topIds})`)
    .bind(named, limit)
    .all<RawCardRow>();
  rowsRead += top.meta.rows_read ?? 0;

  return { results: inRankOrder(top.results, query), rowsRead, total };
}

/** Cards from an IN (...) read (id order) put back in rank order, then grid order. */
function inRankOrder(rows: RawCardRow[], query: string): SearchResult[] {
  return rows
    .map((row) => ({ ...toCard(toCardRow(row)), score: scoreName(row.firstName, query), listedAt: row.listedAt }))
    .filter((r) => r.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.featured) - Number(a.featured) ||
        b.listedAt - a.listedAt ||
        (a.modelId < b.modelId ? 1 : a.modelId > b.modelId ? -1 : 0),
    )
    .map(({ listedAt: _listedAt, ...card }) => card);
}

// Name search (spec §5). The score of a listing depends on its first name only, and names repeat a lot, so
// the candidates are distinct names and JavaScript scores them with app/features/search/search.ts (the one place the
// rules live). Per search page:
//  1. the candidate names come from the gram index of migration 0024: every name holding the query's one
//     letter, or one of its two-letter fragments (exactly what §5 needs to score above 0), plus the few
//     names with characters outside printable ASCII, which SQLite cannot fold the way JavaScript does. The
//     rows read grow with the matching names, not with the listings;
//  2. the names are scored and ranked in JavaScript (rankByName also keeps only exact matches when one
//     exists); only the best score tiers needed to fill the page after the cursor go back to D1, as one
//     JSON parameter;
//  3. one statement answers the page's cards ordered by score then grid order (featured first), reading
//     those tiers' entries of the covering index listings_search (migration 0004) or, when cheaper, the
//     first rows in grid order after the cursor.
// Results are paged by a keyset cursor (score, featured, listed_at, id): a page reads what page 1 reads.
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { EXACT_SCORE, encodeSearchCursor, normaliseQuery, rankByName, scoreName, searchTerms } from "./search";
import type { SearchCursor } from "./search";
import { toCard } from "~/core/listing-card";
import type { CardRow, ListingCardData } from "~/core/listing-card";
import { allWithMeta, batchWithMeta, getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { byGridOrder, cardColumns, gridOrder } from "~/features/listings/card-queries.server";

export const DEFAULT_SEARCH_LIMIT = 48;
/** Pages a realtime refresh of the results page may reload at once (`pages=`), as the grid's refresh does. */
export const MAX_SEARCH_PAGES = 12;
export const MAX_SEARCH_LIMIT = DEFAULT_SEARCH_LIMIT * MAX_SEARCH_PAGES;

export type SearchResult = ListingCardData & { score: number };
/** `next` is the cursor of the following page, or null on the last one. */
export type SearchOutcome = { results: SearchResult[]; rowsRead: number; total: number; next: string | null };

type NameGroup = { firstName: string; n: number };

const l = schema.listings;
const names = schema.searchNames;
const grams = schema.searchGrams;

/**
 * The ranked name groups that fill `limit` results: whole score tiers, so every listing that ties with the
 * last one taken competes on grid order. The cursor's own tier may be partly on earlier pages, so it counts
 * for nothing and the tiers after it must fill the page on their own.
 */
function tiersFor(
  ranked: (NameGroup & { score: number })[],
  limit: number,
  shownScore: number | null,
): (NameGroup & { score: number })[] {
  const out: (NameGroup & { score: number })[] = [];
  let count = 0;
  for (const group of ranked) {
    if (count >= limit && group.score !== out[out.length - 1]?.score) break;
    out.push(group);
    if (group.score !== shownScore) count += group.n;
  }
  return out;
}

/** Grid order strictly after the cursor's listing: (featured, listed_at, id) below it, as grid order is DESC. */
function afterInGrid(after: SearchCursor): SQL {
  return sql`(${l.featured}, ${l.listedAt}, ${l.id}) < (${after.featured ? 1 : 0}, ${after.listedAt}, ${after.id})`;
}

export async function searchListings(
  env: DbEnv,
  q: string,
  opts: { includeHidden: boolean; limit?: number; after?: SearchCursor | null },
): Promise<SearchOutcome> {
  const query = normaliseQuery(q);
  if (!query) return { results: [], rowsRead: 0, total: 0, next: null };
  const limit = Math.min(
    Math.max(Math.trunc(opts.limit ?? DEFAULT_SEARCH_LIMIT) || DEFAULT_SEARCH_LIMIT, 1),
    MAX_SEARCH_LIMIT,
  );
  const after = opts.after ?? null;
  const db = getDb(env);
  // `live IN (0, 1)` rather than no condition keeps listings_search's first column constrained, so a name
  // seek works for administrators too.
  const scope = opts.includeHidden ? inArray(l.live, [false, true]) : eq(l.live, true);
  const { folded } = searchTerms(query);

  // 1. The candidate names (and the exact name's page, on speculation).
  const found = await readCandidates(env, db, { query, scope, includeHidden: opts.includeHidden, after, limit });
  let rowsRead = found.rowsRead;

  // 2. Scored and ranked here.
  const ranked = rankByName(found.candidates, query);
  const total = ranked.reduce((sum, g) => sum + g.n, 0);
  // rankByName kept only exact names if there is one. A name that is exact only by Unicode folding ("ZOË"
  // for "zoë") is not NOCASE-equal, and then the general way below answers.
  if (ranked.length > 0 && ranked.every((g) => g.score === EXACT_SCORE && asciiLower(g.firstName) === folded))
    return { ...page(inRankOrder(found.exactCards, query), limit), rowsRead, total };
  // Tiers above the cursor's score were on earlier pages.
  const remaining = after ? ranked.filter((g) => g.score <= after.score) : ranked;
  if (remaining.length === 0) return { results: [], rowsRead, total, next: null };

  // 3. The page's cards: one more than the page, to know whether there is a next one.
  const tiers = tiersFor(remaining, limit + 1, after?.score ?? null);
  const topIds = pageIdsQuery(db, { tiers, scope, after, limit, listingsInScope: found.listingsInScope ?? total });
  const top = await allWithMeta(
    env.DB,
    db
      .select({ ...cardColumns, listedAt: l.listedAt })
      .from(l)
      .where(inArray(l.id, topIds)),
  );
  rowsRead += top.meta.rows_read ?? 0;

  return { ...page(inRankOrder(top.rows, query), limit), rowsRead, total };
}

/** Step 1: the names that can score above 0, the exact name's page, and the listing count; one round trip. */
async function readCandidates(
  env: DbEnv,
  db: Db,
  {
    query,
    scope,
    includeHidden,
    after,
    limit,
  }: { query: string; scope: SQL; includeHidden: boolean; after: SearchCursor | null; limit: number },
) {
  const inScope = includeHidden ? names.listingCount : names.liveCount;
  const { folded, singleChar, fragments } = searchTerms(query);
  // The exact name's page, asked for on speculation: when the names show that the exact matches are just
  // the listings NOCASE-equal to the query (the usual case: someone types a name), this is the answer and
  // the search takes one round trip. When no listing has that name it reads a row or two.
  const exactIds = db
    .select({ id: l.id })
    .from(l)
    .where(
      and(
        scope,
        sql`${l.firstName} = ${folded} COLLATE NOCASE`,
        after ? (after.score === EXACT_SCORE ? afterInGrid(after) : sql`0`) : undefined,
      ),
    )
    .orderBy(...gridOrder)
    .limit(limit + 1);
  // Then three seeks: the names holding one of the grams (a name holding several comes back once per gram:
  // cheaper to drop the repeats here than to have D1 build a temporary b-tree for them), the names SQLite
  // cannot fold (the partial index of plain = 0), and the listing counts.
  const [exactCards, byGram, unusual, totals] = await batchWithMeta(env.DB, [
    db
      .select({ ...cardColumns, listedAt: l.listedAt })
      .from(l)
      .where(inArray(l.id, exactIds)),
    db
      .select({ id: names.id, firstName: names.name, n: inScope })
      .from(grams)
      .innerJoin(names, eq(names.id, grams.nameId))
      .where(and(inArray(grams.gram, singleChar ? [folded] : fragments), gt(inScope, 0))),
    db
      .select({ id: names.id, firstName: names.name, n: inScope })
      .from(names)
      .where(and(eq(names.plain, false), gt(inScope, 0))),
    db
      .select({ n: includeHidden ? schema.searchTotals.listingCount : schema.searchTotals.liveCount })
      .from(schema.searchTotals),
  ]);
  const rowsRead = [exactCards, byGram, unusual, totals].reduce((sum, r) => sum + (r.meta.rows_read ?? 0), 0);
  const candidates = [...new Map([...byGram.rows, ...unusual.rows].map((g) => [g.id, g])).values()];

  return { exactCards: exactCards.rows, candidates, listingsInScope: totals.rows[0]?.n, rowsRead };
}

/**
 * Step 3: the ids of the page's listings, in one of two exact ways; we pick the cheaper:
 *  - seek each name's entries in listings_search and sort them (reads about tierTotal entries);
 *  - when every chosen name has the same score, walk the grid order (listings_grid) from the cursor and
 *    keep the rows whose name was chosen (reads about limit * inScope / tierTotal rows). That is what a
 *    one-letter query wants: thousands of names score 1, and a page of them is near the cursor.
 */
function pageIdsQuery(
  db: Db,
  {
    tiers,
    scope,
    after,
    limit,
    listingsInScope,
  }: {
    tiers: (NameGroup & { score: number })[];
    scope: SQL;
    after: SearchCursor | null;
    limit: number;
    listingsInScope: number;
  },
) {
  const tierTotal = tiers.reduce((sum, t) => sum + t.n, 0);
  const oneScore = tiers.every((t) => t.score === tiers[0].score);
  const named = JSON.stringify(tiers.map((t) => [t.firstName, t.score]));
  const walkGrid = oneScore && limit * listingsInScope < tierTotal * tierTotal;
  const scored = db
    .select({ name: sql<string>`value ->> 0`.as("name"), score: sql<number>`value ->> 1`.as("score") })
    .from(sql`json_each(${named})`)
    .as("s");
  const tierScore = tiers[0].score;
  return walkGrid
    ? db
        .select({ id: l.id })
        .from(l)
        .where(
          and(
            scope,
            sql`${l.firstName} COLLATE NOCASE IN (SELECT value ->> 0 FROM json_each(${named}))`,
            after && after.score === tierScore ? afterInGrid(after) : undefined,
          ),
        )
        .orderBy(...gridOrder)
        .limit(limit + 1)
    : // CROSS JOIN fixes the loop order (SQLite never reorders it): for each scored name, seek its entries.
      // Left to itself the planner may scan every listing and probe the names instead.
      db
        .select({ id: l.id })
        .from(scored)
        .crossJoin(l)
        .where(
          and(
            scope,
            sql`${l.firstName} = ${scored.name} COLLATE NOCASE`,
            after
              ? or(
                  sql`${scored.score} < ${after.score}`,
                  and(sql`${scored.score} = ${after.score}`, afterInGrid(after)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(scored.score), ...gridOrder)
        .limit(limit + 1);
}

/** What SQLite's NOCASE compares: ASCII letters folded, every other character as it is. */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The first `limit` of one more than a page, and the cursor after them when there was more. */
function page(
  ordered: ReturnType<typeof inRankOrder>,
  limit: number,
): { results: SearchResult[]; next: string | null } {
  const results = ordered.slice(0, limit).map(({ row, score }) => ({ ...toCard(row), score }));
  const last = ordered[limit - 1];
  const next =
    ordered.length > limit
      ? encodeSearchCursor({
          score: last.score,
          featured: last.row.featured,
          listedAt: last.row.listedAt,
          id: last.row.id,
        })
      : null;
  return { results, next };
}

/** Cards from an IN (...) read (id order) put back in rank order, then grid order. */
function inRankOrder(rows: (CardRow & { listedAt: number })[], query: string) {
  return rows
    .map((row) => ({ row, score: scoreName(row.firstName, query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || byGridOrder(a.row, b.row));
}

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
import { and, count, desc, eq, exists, inArray, or, sql } from "drizzle-orm";
import { normaliseQuery, rankByName, scoreName, searchTerms } from "~/lib/search";
import { toCard, type CardRow, type ListingCardData } from "~/lib/listing-card";
import { allWithMeta, batchWithMeta, getDb, schema } from "./db.server";
import { byGridOrder, cardColumns, gridOrder } from "./listing-queries.server";

export const DEFAULT_SEARCH_LIMIT = 48;
export const MAX_SEARCH_LIMIT = 200;

export type SearchResult = ListingCardData & { score: number };
export type SearchOutcome = { results: SearchResult[]; rowsRead: number; total: number };

type NameGroup = { firstName: string; n: number };

const l = schema.listings;

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
  const db = getDb(env);
  // `live IN (0, 1)` rather than no condition keeps the index's first column constrained, so the exact
  // seek works for administrators too.
  const scope = opts.includeHidden ? inArray(l.live, [false, true]) : eq(l.live, true);
  const { folded, singleChar, fragments } = searchTerms(query);
  let rowsRead = 0;

  const needles = singleChar ? [folded] : fragments;
  const contains = needles.map((needle) => sql`instr(lower(${l.firstName}), ${needle}) > 0`);
  const ascii = PRINTABLE_ASCII.test(folded);
  const exactName = and(scope, sql`${l.firstName} = ${folded} COLLATE NOCASE`);
  // The distinct candidate names with their listing counts. For an ASCII query the scan carries a LIMIT
  // that is 0 when an exact name exists (SQLite evaluates it once, before the loop, and then reads
  // nothing): exact and scan go to D1 together in one round trip, and the scan only costs when needed.
  const scanQuery = db
    .select({ firstName: l.firstName, n: count() })
    .from(l)
    .where(and(scope, or(...contains, sql`${l.firstName} GLOB '*[^ -~]*'`)))
    .groupBy(sql`${l.firstName} COLLATE NOCASE`);
  // drizzle types LIMIT as a number but writes any expression it is given. The gate has to be the LIMIT:
  // as a WHERE term, SQLite would test the subquery's answer on every index entry it reads.
  const gate = sql`(CASE WHEN ${exists(
    db
      .select({ one: sql`1` })
      .from(l)
      .where(exactName),
  )} THEN 0 ELSE -1 END)`;

  let groups: NameGroup[];
  // Index entries the scan read: about the number of listings in scope.
  let inScope: number;
  if (ascii) {
    // Exact names in one statement: the page of cards in grid order and how many there are. For an ASCII
    // query a NOCASE-equal name is always an exact match. (The one gap: when such a name exists, a name
    // stored with surrounding spaces or a Unicode look-alike letter, which scoreName would also call exact,
    // is not added. Names are trimmed at save.)
    const exactQuery = db
      .select({
        ...cardColumns,
        listedAt: l.listedAt,
        total: sql<number>`${db.select({ n: count() }).from(l).where(exactName)}`.mapWith(Number).as("total"),
      })
      .from(l)
      .where(
        inArray(
          l.id,
          db
            .select({ id: l.id })
            .from(l)
            .where(exactName)
            .orderBy(...gridOrder)
            .limit(limit),
        ),
      );
    const [exact, scan] = await batchWithMeta(env.DB, [exactQuery, scanQuery.limit(gate as unknown as number)]);
    rowsRead += (exact.meta.rows_read ?? 0) + (scan.meta.rows_read ?? 0);
    inScope = scan.meta.rows_read ?? 0;
    if (exact.rows.length > 0) return { results: inRankOrder(exact.rows, query), rowsRead, total: exact.rows[0].total };
    groups = scan.rows;
  } else {
    const scan = await allWithMeta(env.DB, scanQuery);
    rowsRead += scan.meta.rows_read ?? 0;
    inScope = scan.meta.rows_read ?? 0;
    groups = scan.rows;
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
  const scored = db
    .select({ name: sql<string>`value ->> 0`.as("name"), score: sql<number>`value ->> 1`.as("score") })
    .from(sql`json_each(${named})`)
    .as("s");
  const topIds = walkGrid
    ? db
        .select({ id: l.id })
        .from(l)
        .where(and(scope, sql`${l.firstName} COLLATE NOCASE IN (SELECT value ->> 0 FROM json_each(${named}))`))
        .orderBy(...gridOrder)
        .limit(limit)
    : // CROSS JOIN fixes the loop order (SQLite never reorders it): for each scored name, seek its entries.
      // Left to itself the planner may scan every listing and probe the names instead.
      db
        .select({ id: l.id })
        .from(scored)
        .crossJoin(l)
        .where(and(scope, sql`${l.firstName} = ${scored.name} COLLATE NOCASE`))
        .orderBy(desc(scored.score), ...gridOrder)
        .limit(limit);
  const top = await allWithMeta(
    env.DB,
    db
      .select({ ...cardColumns, listedAt: l.listedAt })
      .from(l)
      .where(inArray(l.id, topIds)),
  );
  rowsRead += top.meta.rows_read ?? 0;

  return { results: inRankOrder(top.rows, query), rowsRead, total };
}

/** Cards from an IN (...) read (id order) put back in rank order, then grid order. */
function inRankOrder(rows: (CardRow & { listedAt: number })[], query: string): SearchResult[] {
  return rows
    .map((row) => ({ row, score: scoreName(row.firstName, query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || byGridOrder(a.row, b.row))
    .map(({ row, score }) => ({ ...toCard(row), score }));
}

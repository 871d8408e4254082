import { eq, fillPlaceholders, getTableColumns, is, SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { SelectedFields, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../../drizzle/schema";

// No schema: the app writes its queries with the query builder and never uses drizzle's relational API
// (db.query.*), and drizzle() with a schema walks all of it to build that API's config, once per request
// since each request has a D1 session of its own.
function makeDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof makeDb>;

/** The bindings of a service that needs only D1. */
export type DbEnv = Pick<Env, "DB">;

// The instance holds nothing but the binding, so one per binding object serves every request (a D1 session
// from withSession() is its own object, its own key).
const instances = new WeakMap<D1Database, Db>();

export function getDb(env: DbEnv): Db {
  let db = instances.get(env.DB);
  if (!db) {
    db = makeDb(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}
export { schema };

/** The `fields` of the one row of `table` whose primary key is `id`, or null when there is none. */
export async function rowById<F extends SelectedFields>(
  env: DbEnv,
  table: SQLiteTable & { id: SQLiteColumn },
  fields: F,
  id: string,
) {
  // drizzle cannot work out a select's rows for a table only known as a type parameter: they are the
  // fields' values, as a select of these fields from any one table answers them.
  const rows = await getDb(env).select(fields).from(table).where(eq(table.id, id)).limit(1);
  return (rows as SelectResultFields<F>[])[0] ?? null;
}

/** A row for insertWhere: values, or SQL expressions the INSERT evaluates itself. */
export type RowOf<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]?: T["$inferInsert"][K] | SQL };

/**
 * INSERT INTO table SELECT <row> WHERE <condition>: one row, written only if the condition holds when the
 * statement runs. D1 has no interactive transactions, so a check that must still hold at write time rides
 * inside the write, usually as one statement of a batch; drizzle's insert-select wants a FROM, which these
 * rows have none of. Columns left out get the schema's default, as drizzle's .values() gives them.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, row: RowOf<T>, condition: SQL) {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value: unknown = (row as Record<string, unknown>)[key];
    if (is(value, SQL)) return value;
    if (value !== undefined) return sql.param(value, column);
    if (column.default === undefined) return sql`null`;
    return is(column.default, SQL) ? column.default : sql.param(column.default, column);
  });
  // The WHERE is always written: SQLite needs one between an INSERT's SELECT and an ON CONFLICT clause.
  return db.insert(table).select(sql`select ${sql.join(values, sql`, `)} where ${condition}`);
}

/**
 * The one door for SQL text to D1 (ESLint allows `.prepare(` nowhere else outside app/platform/data): the
 * statement `text` with its `?` or `?N` parameters bound, to run or to put in a batch. Drizzle's builds come
 * through here too (d1Statement, keptStatement); a feature writes its own text only for what the builder
 * cannot say (an INSERT ... SELECT over json_each with ON CONFLICT sums, a window function's rank).
 */
export function sqlStatement(d1: D1Database, text: string, params: readonly unknown[] = []): D1PreparedStatement {
  return d1.prepare(text).bind(...params);
}

type BuiltQuery = { toSQL(): { sql: string; params: unknown[] } };
type MappableQuery = BuiltQuery & { prepare(): { mapResult(response: unknown, isFromBatch?: boolean): unknown } };

/**
 * A drizzle query as a plain D1 statement: drizzle writes the SQL, D1 runs it. Only for what drizzle's own
 * execution cannot give: D1's meta (search reports rows_read), or a place in a batch of plain D1 statements.
 */
export function d1Statement(d1: D1Database, query: BuiltQuery): D1PreparedStatement {
  const { sql: text, params } = query.toSQL();
  return sqlStatement(d1, text, params);
}

/**
 * `query`'s rows from a plain D1 result, mapped as drizzle maps them (booleans, mapWith, column order).
 * prepare() only builds drizzle's mapper here: a D1 statement does nothing until it is run.
 */
function rowsOf<Q extends MappableQuery>(query: Q, result: D1Result): Awaited<Q> {
  return query.prepare().mapResult(result, true) as Awaited<Q>;
}

export type WithMeta<Q> = { rows: Awaited<Q>; meta: D1Meta };

/** Runs one drizzle select, answering its rows with D1's meta for it. */
export async function allWithMeta<Q extends MappableQuery>(d1: D1Database, query: Q): Promise<WithMeta<Q>> {
  const result = await d1Statement(d1, query).all();
  return { rows: rowsOf(query, result), meta: result.meta };
}

/** Runs drizzle selects in one D1 batch (one round trip), answering each one's rows with D1's meta for it. */
export async function batchWithMeta<T extends MappableQuery[]>(
  d1: D1Database,
  queries: [...T],
): Promise<{ [K in keyof T]: WithMeta<T[K]> }> {
  const results = await d1.batch(queries.map((q) => d1Statement(d1, q)));
  return queries.map((q, i) => ({ rows: rowsOf(q, results[i]), meta: results[i].meta })) as {
    [K in keyof T]: WithMeta<T[K]>;
  };
}

/** A select as drizzle built it: its SQL, its parameters (placeholders left to fill) and its row mapping. */
export type KeptSelect<R> = { sql: string; params: unknown[]; rows: (result: D1Result) => R };

// Builds queries and their row mappers only: drizzle hands its client the SQL text when a query is prepared,
// and nothing is ever run through this one.
const builder = makeDb({ prepare: () => ({}) } as unknown as D1Database);

const keptSelects = new Map<string, KeptSelect<unknown>>();
const KEPT_SELECTS_MAX = 500;

/**
 * The build of a select that hot pages run on every request, kept per isolate by `key`. Building is most of
 * what drizzle costs per query (about 5 % of a signed-in home page's CPU), and those pages run the same few
 * shapes. `key` must name everything the SQL and its parameters depend on; a per-request value (a session
 * id) goes in as `sql.placeholder(name)` and is given to keptStatement instead; a null key builds without
 * keeping (a shape whose key would never repeat). A full map is emptied: the
 * keys a day's pages use are far fewer than its size, so only a flood of odd filter URLs ever empties it.
 */
export function keptSelect<Q extends MappableQuery>(key: string | null, build: (db: Db) => Q): KeptSelect<Awaited<Q>> {
  let entry = key === null ? undefined : (keptSelects.get(key) as KeptSelect<Awaited<Q>> | undefined);
  if (!entry) {
    const query = build(builder);
    const { sql: text, params } = query.toSQL();
    const mapper = query.prepare();
    entry = { sql: text, params, rows: (result) => mapper.mapResult(result, true) as Awaited<Q> };
    if (key === null) return entry;
    if (keptSelects.size >= KEPT_SELECTS_MAX) keptSelects.clear();
    keptSelects.set(key, entry);
  }
  return entry;
}

/** A kept select as a D1 statement of `d1` (a batch's member), its placeholders filled from `values`. */
export function keptStatement(
  d1: D1Database,
  select: KeptSelect<unknown>,
  values: Record<string, unknown> = {},
): D1PreparedStatement {
  return sqlStatement(d1, select.sql, fillPlaceholders(select.params, values));
}

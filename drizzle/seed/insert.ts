// Bulk INSERTs, run in D1 batches through the seed's store (store.ts). Locally every statement costs a few milliseconds however small it
// is, and D1 allows at most 100 bound parameters per statement, so a statement binds ONE parameter: a JSON
// array of rows, unpacked by SQLite's json_each. A few hundred rows go in per statement, far fewer
// statements than one row (or two, for the 47 columns of a listing) per statement would need.
import type { Row } from "./generate";
import { statement } from "./store";
import type { SeedStore, Statement } from "./store";

/** Rows per statement, and a cap on the JSON bound to one statement (D1 allows 2 MB per value). */
export const MAX_ROWS_PER_STATEMENT = 500;
export const MAX_JSON_CHARS = 500_000;
export const STATEMENTS_PER_BATCH = 50;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function insertStatements(table: string, rows: readonly Row[]): Statement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  for (const name of [table, ...columns]) if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  const sql =
    `INSERT INTO ${table} (${columns.join(", ")}) ` +
    `SELECT ${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ")} FROM json_each(?) ORDER BY key`;
  const statements: Statement[] = [];
  let chunk: string[] = [];
  let size = 0;
  const flush = () => {
    if (chunk.length) statements.push(statement(sql, `[${chunk.join(",")}]`));
    chunk = [];
    size = 0;
  };
  for (const row of rows) {
    const values = columns.map((column) => {
      if (!(column in row)) throw new Error(`${table}: a row lacks ${column}`);
      return row[column];
    });
    const json = JSON.stringify(values);
    if (chunk.length >= MAX_ROWS_PER_STATEMENT || size + json.length > MAX_JSON_CHARS) flush();
    chunk.push(json);
    size += json.length + 1;
  }
  flush();
  return statements;
}

/** Each batch is one transaction; batches run one after the other. */
export async function runInBatches(store: SeedStore, statements: readonly Statement[]): Promise<void> {
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    await store.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
  }
}

// drizzle/schema.ts describes the tables drizzle/migrations/*.sql make, and every query the app builds goes
// through it: a column it lacks cannot be read, a column it invents fails at run time, and drizzle writes the
// schema's defaults into its INSERTs itself. So the two must agree. This compares the migrated test database
// (tests/workers/setup.ts applies the real migrations) with the schema, column by column, both ways.
import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../drizzle/schema";

/** Tables the migrations make that the app deliberately reads without drizzle, with the reason. */
const NOT_IN_SCHEMA: Record<string, string> = {};

type ColumnInfo = { name: string; type: string; notnull: number; pk: number; dflt_value: string | null };

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);

async function databaseColumns(table: string): Promise<ColumnInfo[]> {
  const { results } = await env.DB.prepare(
    'SELECT name, type, "notnull", pk, dflt_value FROM pragma_table_info(?) ORDER BY cid',
  )
    .bind(table)
    .all<ColumnInfo>();
  return results;
}

/** A drizzle default as SQLite reports the column's DEFAULT clause (pragma_table_info's dflt_value). */
function sqlDefault(column: SQLiteColumn): string | null {
  const value: unknown = column.default;
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  return `unsupported default ${JSON.stringify(value)}`;
}

/** One comparable line per column: name, SQL type, NOT NULL, place in the primary key (0: none), default. */
function describeSchemaTable(table: SQLiteTable): string[] {
  const config = getTableConfig(table);
  const compositeKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
  return config.columns.map((column) => {
    const pk = column.primary ? 1 : compositeKey.indexOf(column.name) + 1;
    return `${column.name} ${column.getSQLType().toUpperCase()} notnull=${column.notNull ? 1 : 0} pk=${pk} default=${sqlDefault(column)}`;
  });
}

function describeDatabaseTable(columns: ColumnInfo[]): string[] {
  return columns.map(
    (c) => `${c.name} ${c.type.toUpperCase()} notnull=${c.notnull} pk=${c.pk} default=${c.dflt_value}`,
  );
}

/** Foreign keys as "column -> table.column ON DELETE action", from the schema and from the database. */
function schemaForeignKeys(table: SQLiteTable): string[] {
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const onDelete = (fk.onDelete ?? "no action").toUpperCase();
    return ref.columns.map(
      (c, i) =>
        `${c.name} -> ${getTableConfig(ref.foreignTable).name}.${ref.foreignColumns[i].name} ON DELETE ${onDelete}`,
    );
  });
}

async function databaseForeignKeys(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT "from", "table", "to", on_delete FROM pragma_foreign_key_list(?)')
    .bind(table)
    .all<{ from: string; table: string; to: string; on_delete: string }>();
  return results.map((r) => `${r.from} -> ${r.table}.${r.to} ON DELETE ${r.on_delete.toUpperCase()}`);
}

describe("drizzle/schema.ts matches the migrations", () => {
  it("has at least the tables the app is built on", () => {
    expect(tables.map((t) => getTableConfig(t).name)).toEqual(
      expect.arrayContaining(["users", "listings", "listing_images"]),
    );
  });

  for (const table of tables) {
    const name = getTableConfig(table).name;
    it(`${name}: same columns, types, NOT NULL, primary key, defaults and foreign keys`, async () => {
      const columns = await databaseColumns(name);
      expect(columns.length, `${name} is not in the migrated database`).toBeGreaterThan(0);
      // Sorted by name: a column missing on either side shows as a line only one side has.
      expect(describeSchemaTable(table).sort()).toEqual(describeDatabaseTable(columns).sort());
      expect(schemaForeignKeys(table).sort()).toEqual((await databaseForeignKeys(name)).sort());
    });
  }

  it("describes every table of the migrated database (or says why not)", async () => {
    const { results } = await env.DB.prepare("SELECT name, type, sql FROM sqlite_master WHERE type = 'table'").all<{
      name: string;
      sql: string | null;
    }>();
    // Full-text indexes are virtual tables backed by shadow tables named after them (docs_data, docs_idx...):
    // SQLite's machinery, not the app's tables.
    const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
    const internal = (name: string) =>
      /^(sqlite_|_cf_)/.test(name) ||
      name === "d1_migrations" ||
      virtual.some((v) => name === v || name.startsWith(`${v}_`));
    const described = new Set(tables.map((t) => getTableConfig(t).name));
    const missing = results
      .map((t) => t.name)
      .filter((name) => !internal(name) && !described.has(name) && !(name in NOT_IN_SCHEMA))
      .sort();
    expect(missing).toEqual([]);
    // A reason for a table that is gone (or now described) is stale.
    for (const name of Object.keys(NOT_IN_SCHEMA)) {
      expect(
        results.some((t) => t.name === name),
        `${name} is listed in NOT_IN_SCHEMA but not in the database`,
      ).toBe(true);
      expect(described.has(name), `${name} is listed in NOT_IN_SCHEMA but is in drizzle/schema.ts`).toBe(false);
    }
  });
});

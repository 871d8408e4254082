// A fresh database for every test without running the 31 migrations every time. The migrations are applied
// once per worker, into a store emptied first; what they made (every table, index and trigger, and the rows
// they seed) is read back as a snapshot, and each test starts by replaying it as one batch after `reset()`
// has emptied every binding (D1, KV, R2, the Cache API, Durable Objects). Replaying is a few times faster
// than migrating. The first replay of each file is compared with the snapshot, so a schema the replay
// cannot rebuild exactly fails loudly instead of testing against something else.
import { applyD1Migrations, env, reset } from "cloudflare:test";

/** What the migrations left: schema objects in creation order, and the rows of every table that has any. */
export type DatabaseSnapshot = {
  objects: { type: string; name: string; sql: string }[];
  rows: Record<string, Record<string, unknown>[]>;
};

// SQLite's own bookkeeping and D1's private table: rebuilt by SQLite itself or not readable at all.
const INTERNAL = /^(sqlite_|_cf_)/;

export async function captureDatabase(db: D1Database): Promise<DatabaseSnapshot> {
  const { results: objects } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
    .all<{ type: string; name: string; sql: string }>();
  const kept = objects.filter((o) => !INTERNAL.test(o.name));
  const tables = kept.filter((o) => o.type === "table").map((o) => o.name);
  const counted = await db.batch<Record<string, unknown>>(tables.map((t) => db.prepare(`SELECT * FROM "${t}"`)));
  const rows: DatabaseSnapshot["rows"] = {};
  tables.forEach((t, i) => {
    if (counted[i].results.length) rows[t] = counted[i].results;
  });
  return { objects: kept, rows };
}

/**
 * Rebuilds the snapshot in an empty database: tables and indexes, then the seeded rows, then the triggers,
 * so that no trigger fires on the seeding itself (the migrations seeded those rows before their triggers).
 */
export async function restoreDatabase(db: D1Database, snapshot: DatabaseSnapshot): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const o of snapshot.objects) if (o.type !== "trigger") statements.push(db.prepare(o.sql));
  for (const [table, rows] of Object.entries(snapshot.rows)) {
    for (const row of rows) {
      const columns = Object.keys(row);
      statements.push(
        db
          .prepare(
            `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          )
          .bind(...columns.map((c) => row[c])),
      );
    }
  }
  for (const o of snapshot.objects) if (o.type === "trigger") statements.push(db.prepare(o.sql));
  // The page cache's numbers are the clock at migration time, so that a database emptied and migrated again
  // never repeats one (drizzle/migrations/0026_page_cache_versions.sql): the isolate keeps page copies in
  // memory under keys that carry them. A replay takes the clock of its own moment, as migrating would.
  statements.push(db.prepare(`UPDATE page_cache_versions SET version = max(version + 1, ${NOW_MS})`));
  await db.batch(statements);
}

const NOW_MS = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";

/** The snapshot with the page cache's clock-drawn numbers left out: they differ by design on every replay. */
function withoutClock(s: DatabaseSnapshot): DatabaseSnapshot {
  const versions = s.rows.page_cache_versions?.map((r) => ({ ...r, version: null }));
  return { ...s, rows: versions ? { ...s.rows, page_cache_versions: versions } : s.rows };
}

/** Throws unless the database holds exactly the snapshot (schema text, order and rows). */
export async function assertSameDatabase(db: D1Database, expected: DatabaseSnapshot): Promise<void> {
  const actual = withoutClock(await captureDatabase(db));
  expected = withoutClock(expected);
  const key = (s: DatabaseSnapshot) =>
    JSON.stringify({
      objects: [...s.objects].sort((a, b) => a.name.localeCompare(b.name)),
      rows: Object.fromEntries(Object.entries(s.rows).sort(([a], [b]) => a.localeCompare(b))),
    });
  if (key(actual) !== key(expected)) {
    throw new Error("Replaying the migrated schema did not rebuild it exactly: see tests/workers/fresh-database.ts");
  }
}

/** True when D1 holds no table of ours: what `reset()` should leave. */
async function isEmpty(db: D1Database): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .first<{ n: number }>();
  return (row?.n ?? 0) === 0;
}

/**
 * `reset()` until D1 is empty. Background work of the test before (a waitUntil, a queue consumer) can hold
 * the database as the reset runs; without the check, migrations applied over what it left would find them
 * already recorded and do nothing, and the snapshot would carry that test's rows into every later one.
 */
async function emptyStore(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await reset();
    if (await isEmpty(env.DB)) return;
    if (attempt >= 20) throw new Error("reset() left tables in D1: see tests/workers/fresh-database.ts");
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Kept for the worker's life (vitest.config.ts: isolate: false), so the migrations run once per worker.
let snapshot: Promise<DatabaseSnapshot> | undefined;

/** The migrated schema and seed rows, made the first time it is asked for in this worker. */
export function migratedSnapshot(): Promise<DatabaseSnapshot> {
  snapshot ??= (async () => {
    await emptyStore();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    return captureDatabase(env.DB);
  })();
  return snapshot;
}

/** Every binding emptied, and D1 as the migrations leave it. */
export async function freshDatabase(): Promise<void> {
  const migrated = await migratedSnapshot();
  await emptyStore();
  await restoreDatabase(env.DB, migrated);
}

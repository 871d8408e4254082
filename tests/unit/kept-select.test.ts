import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseFilters } from "~/features/catalogue/filters";
import { keptSelect, keptStatement, schema } from "~/platform/data/db.server";
import { keptGridPageSelect } from "~/features/catalogue/grid.server";
import type { GridOptions } from "~/features/catalogue/grid.server";

/** A D1 stand-in that records what a statement would run with. */
const recorder = {
  prepare: (text: string) => ({ bind: (...params: unknown[]) => ({ text, params }) }),
} as unknown as D1Database;

const NZ_NOON = Date.UTC(2026, 10, 25, 23, 0); // 26 Nov 2026, 12:00 in Auckland
const DAY = 24 * 60 * 60 * 1000;

function grid(over: Partial<GridOptions> = {}): GridOptions {
  return { region: null, filters: parseFilters(new URLSearchParams()), page: 1, now: NZ_NOON, ...over };
}

describe("keptSelect", () => {
  it("builds a key's select once, and a null key every time", () => {
    let builds = 0;
    const build = (db: Parameters<Parameters<typeof keptSelect>[1]>[0]) => {
      builds++;
      return db.select().from(schema.listingFacets);
    };
    const key = `test-kept-${Math.random()}`;
    const a = keptSelect(key, build);
    const before = builds;
    expect(keptSelect(key, build)).toBe(a);
    expect(builds).toBe(before);
    keptSelect(null, build);
    keptSelect(null, build);
    expect(builds).toBe(before + 2);
  });

  it("fills placeholders per statement, leaving the kept build as it was", () => {
    const s = schema.sessions;
    const select = keptSelect("test-placeholder", (db) =>
      db
        .select({ id: s.id })
        .from(s)
        .where(sql`${s.id} = ${sql.placeholder("sessionId")}`),
    );
    const one = keptStatement(recorder, select, { sessionId: "a" }) as unknown as { params: unknown[] };
    const two = keptStatement(recorder, select, { sessionId: "b" }) as unknown as { params: unknown[] };
    expect(one.params).toEqual(["a"]);
    expect(two.params).toEqual(["b"]);
  });
});

describe("the grid page's kept select", () => {
  it("is the same build within an NZ day and a new one the next day (tour stops end at NZ midnight)", () => {
    const today = keptGridPageSelect(grid());
    expect(keptGridPageSelect(grid({ now: NZ_NOON + 60_000 }))).toBe(today);
    const tomorrow = keptGridPageSelect(grid({ now: NZ_NOON + DAY }));
    expect(tomorrow).not.toBe(today);
    expect(tomorrow.params).not.toEqual(today.params);
  });

  it("differs by page, region and filters", () => {
    const base = keptGridPageSelect(grid());
    expect(keptGridPageSelect(grid({ page: 2 })).params).not.toEqual(base.params);
    expect(keptGridPageSelect(grid({ region: "Auckland" })).sql).not.toBe(base.sql);
    const hot = keptGridPageSelect(grid({ filters: parseFilters(new URLSearchParams("show=hot")) }));
    expect(hot.sql).not.toBe(base.sql);
    expect(keptGridPageSelect(grid({ includeHidden: true })).sql).not.toBe(base.sql);
  });

  it("is built afresh under 'Active now', which compares with the time itself", () => {
    const active = grid({ filters: parseFilters(new URLSearchParams("show=active")) });
    const a = keptGridPageSelect(active);
    const b = keptGridPageSelect({ ...active, now: active.now + 1 });
    expect(b).not.toBe(a);
    expect(b.params).toContain(active.now + 1);
  });
});

// The promise setup.ts makes to every test in this folder: it starts from an empty store with the migrated
// schema and seeded rows, whatever the test before it left (tests run in order within a file).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedSnapshot } from "./fresh-database";
import { insertListing } from "./fixtures";

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
const versions = async () =>
  Object.fromEntries(
    (
      await env.DB.prepare("SELECT scope, version FROM page_cache_versions").all<{ scope: string; version: number }>()
    ).results.map((r) => [r.scope, r.version]),
  );

let before: Record<string, number> = {};

describe("every test starts from a fresh store", () => {
  it("(1) leaves a listing, a snapshot in KV, a photo in R2, and moves the seeded rows", async () => {
    await insertListing({ firstName: "Leftover" });
    await env.PROFILES.put("leftover", "{}");
    await env.PHOTOS.put("listing/leftover.webp", new Uint8Array([1, 2, 3]));
    await env.DB.prepare("DELETE FROM facet_ranges").run();
    before = await versions();
    expect(await count("listings")).toBe(1);
  });

  it("(2) finds none of it, and the migrations' own rows back", async () => {
    expect(await count("listings")).toBe(0);
    expect(await env.PROFILES.get("leftover")).toBeNull();
    expect(await env.PHOTOS.get("listing/leftover.webp")).toBeNull();
    const migrated = await migratedSnapshot();
    expect(await count("facet_ranges")).toBe(migrated.rows.facet_ranges.length);
    expect(await count("d1_migrations")).toBe(migrated.rows.d1_migrations.length);
    // The page cache's numbers never repeat, as after a real migration: none is lower than the last test's.
    const now = await versions();
    for (const scope of ["public", "sequence"]) expect(now[scope]).toBeGreaterThan(before[scope]);
  });
});

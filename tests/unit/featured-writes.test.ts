// `featured` follows the plan; nothing else sets it except an administrator's audited grant (// decision 0017). Rather than a trigger, this reads every module that runs in the Worker and finds each write
// of `listings.featured` or `featured_until`: drizzle `.set({...})` and `.values({...})` objects, and raw SQL
// UPDATEs and INSERTs of listings. A new write path fails here until it goes through one of the two modules.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ALLOWED = ["app/features/billing/subscriptions.server.ts", "app/features/billing/featured-grants.server.ts"];
const ROOTS = ["app", "workers"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** The text of the object literal that starts at `open` (a "{"), braces balanced. */
function objectAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Each write of featured or featured_until in one file's text. */
function featuredWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\.(set|values)\(\s*\{/g)) {
    const body = objectAt(text, m.index + m[0].length - 1);
    if (/\bfeatured(Until)?\s*:/.test(body)) found.push(body.slice(0, 80));
  }
  for (const m of text.matchAll(/(UPDATE\s+listings\s+SET|INSERT\s+INTO\s+listings)[^;`]*/gi)) {
    if (/\bfeatured(_until)?\b/i.test(m[0])) found.push(m[0].slice(0, 80));
  }
  return found;
}

describe("writes of listings.featured", () => {
  it("the scan finds drizzle and SQL writes (and not reads)", () => {
    expect(featuredWrites("db.update(l).set({ live: true, featured: true })")).toHaveLength(1);
    expect(featuredWrites("db.update(l).set({ featuredUntil: 5 })")).toHaveLength(1);
    expect(featuredWrites("db.insert(l).values({ id, featured: false })")).toHaveLength(1);
    expect(featuredWrites("env.DB.prepare(`UPDATE listings SET featured = 1 WHERE id = ?`)")).toHaveLength(1);
    expect(featuredWrites("db.select({ featured: l.featured }).from(l)")).toEqual([]);
    expect(featuredWrites("db.update(l).set({ live: false })")).toEqual([]);
  });

  it("only the plan (subscriptions.server.ts) and the audited grant (featured-grants.server.ts) write it", () => {
    const writers = ROOTS.flatMap(sourceFiles).filter((file) => featuredWrites(readFileSync(file, "utf8")).length > 0);
    expect(writers.sort()).toEqual([...ALLOWED].sort());
  });
});

// public/_headers, the headers of the static files (the platform serves them before the Worker runs, so
// the Worker's own headers never reach them). tests/workers/static-assets.test.ts checks them as served.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The rules of a _headers file: each unindented line is a path pattern, its indented lines its headers. */
function rules(text: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      out.set(line.trim(), current);
      continue;
    }
    const at = line.indexOf(":");
    if (current && at > 0) current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

describe("public/_headers", () => {
  const parsed = rules(readFileSync("public/_headers", "utf8"));

  it("sends nosniff with every static file", () => {
    expect(parsed.get("/*")?.["x-content-type-options"]).toBe("nosniff");
  });

  it("caches the fingerprinted files under /assets/ as immutable", () => {
    expect(parsed.get("/assets/*")?.["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

// The page's scripts are fetched at low priority (app/ui/LowPriorityScripts.tsx): they hydrate a page that is already
// whole, so the stylesheet and the first row's photos go first. Also on a copy served from the page cache.
import { describe, expect, it } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";
import { backgroundWorkDone } from "./background";

function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
}

describe("the page's scripts", () => {
  it("are modulepreloads at fetchpriority low, on a fresh render and on a cached copy", async () => {
    const id = await insertListing({ firstName: "Lowpri" });
    const anonymous = client();
    const caches: (string | null)[] = [];
    for (const path of ["/", `/view/${id}`, `/view/${id}`]) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(200);
      caches.push(res.headers.get("X-Cache"));
      const links = modulePreloads(await res.text());
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) expect(link).toContain('fetchpriority="low"');
    }
    expect(caches.at(-1)).toBe("HIT");
    await backgroundWorkDone();
  });
});

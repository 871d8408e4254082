import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/features/catalogue/public-api";
import { KEPT_SLOTS } from "~/features/catalogue/grid-slot";
import { rotationSlot } from "~/features/insights/rotation";
import {
  listingScope,
  MAX_CACHED_PAGE,
  nearYouVariant,
  pageCacheKey,
  planPageCache,
  PUBLIC_SCOPE,
} from "~/features/catalogue/page-cache-key";

const ID = "abcdefghij012345";
const NOW = Date.UTC(2026, 11, 3, 1, 2);
const plan = (path: string, now = NOW) => planPageCache(new URL(path, "https://kiwi.example"), now);
const pathOf = (path: string) => plan(path)?.path ?? null;

describe("planPageCache: which pages", () => {
  it("caches the public pages and JSON, keyed by the versions they depend on", () => {
    expect(plan("/")).toMatchObject({ kind: "home", path: "/", scopes: [PUBLIC_SCOPE], html: true });
    expect(plan("/locations/Auckland")).toMatchObject({ kind: "region", scopes: [PUBLIC_SCOPE] });
    expect(plan("/locations/Central%20North%20Island")?.kind).toBe("region");
    expect(plan(`/view/${ID}`)).toMatchObject({
      kind: "view",
      scopes: [PUBLIC_SCOPE, listingScope(ID)],
      listingId: ID,
    });
    expect(plan("/search?q=anna")).toMatchObject({ kind: "search", path: "/search?q=anna" });
    for (const info of ["/faq", "/terms", "/privacy", "/about", "/contact"])
      expect(plan(info)).toMatchObject({ kind: "info", scopes: [] });
    expect(plan("/api/grid")).toMatchObject({ kind: "api-grid", html: false, scopes: [PUBLIC_SCOPE] });
    expect(plan("/api/LPmodels")).toMatchObject({ kind: "api-lp", html: false });
    expect(plan(`/api/model/${ID}`)).toMatchObject({ kind: "api-model", scopes: [listingScope(ID)], html: false });
  });

  it("leaves everything else alone", () => {
    for (const path of [
      "/dashboard",
      "/login",
      "/favorites",
      `/view/${ID}.data`,
      "/_root.data",
      "/search.data?q=a",
      "/view/NOT-AN-ID",
      "/api/model/xyz",
      `/api/models/${ID}`,
      "/api/cards?ids=a",
      "/api/search/suggest?q=a",
      "/locations/auckland", // a redirect to the canonical spelling
      "/locations/Atlantis",
      "/locations/%E0%A4%A",
      "/faq/extra",
    ])
      expect(plan(path), path).toBeNull();
  });
});

describe("planPageCache: canonical keys", () => {
  it("orders the grid filters, keeps the first of repeats and drops values the page ignores", () => {
    expect(pathOf("/?show=hot&page=2&age=18-24")).toBe("/?age=18-24&show=hot&page=2");
    expect(pathOf("/?age=18-24&age=35%2B")).toBe("/?age=18-24");
    expect(pathOf("/?age=bogus&height=1&show=all&page=1&page=x")).toBe("/");
    expect(pathOf("/?page=abc")).toBe("/");
    // 'Available today' (docs/dashboard.md) is keyed; any other value is one the page ignores.
    expect(pathOf("/?available=today&show=hot")).toBe("/?show=hot&available=today");
    expect(pathOf("/?available=tomorrow")).toBe("/");
    expect(pathOf("/locations/Auckland?nationality=%20Asian%20&body=Slim")).toBe(
      "/locations/Auckland?nationality=Asian&body=Slim",
    );
  });

  it("drops tracking parameters", () => {
    expect(pathOf("/?utm_source=x&utm_campaign=y&fbclid=z&gclid=w")).toBe("/");
    expect(pathOf(`/view/${ID}?utm_medium=social`)).toBe(`/view/${ID}`);
  });

  it("does not cache unknown parameters, free-text filters outside the lists, or deep pages", () => {
    expect(plan("/?_=12345")).toBeNull();
    expect(plan("/?cachebust=1")).toBeNull();
    expect(plan(`/view/${ID}?x=1`)).toBeNull();
    expect(plan("/faq?v=2")).toBeNull();
    expect(plan("/?nationality=Martian")).toBeNull();
    expect(plan("/?body=" + "x".repeat(40))).toBeNull();
    expect(plan(`/?page=${MAX_CACHED_PAGE + 1}`)).toBeNull();
    expect(pathOf(`/?page=${MAX_CACHED_PAGE}`)).toBe(`/?page=${MAX_CACHED_PAGE}`);
    // Internal variant names are not accepted from outside.
    expect(plan("/?_v=1")).toBeNull();
    expect(plan("/?_age=1")).toBeNull();
  });

  it("normalises the search text as the page does, and leaves continued lists uncached", () => {
    expect(pathOf("/search?q=%20%20anna%20")).toBe("/search?q=anna");
    expect(pathOf("/search?q=")).toBe("/search");
    expect(pathOf("/search?q=" + "a".repeat(5000))).toBe("/search?q=" + "a".repeat(50));
    expect(pathOf('/search?q=NEAR%20"x"*')).toBe("/search?q=NEAR+%22x%22*");
    expect(plan("/search?q=a&after=whatever")).toBeNull();
    expect(plan("/search?q=a&page=2")).toBeNull();
  });

  it("keys /api/grid by region, filters and pages, and refuses what would be a 400", () => {
    expect(pathOf("/api/grid?pages=3&region=auckland&page=2")).toBe("/api/grid?region=Auckland&page=2&pages=3");
    expect(plan("/api/grid?region=Atlantis")).toBeNull();
    expect(plan("/api/grid?pages=999")).toBeNull();
  });

  it("keys /api/LPmodels by limit and the one spelling of a cursor we issue", () => {
    const cursor = encodeCursor({ featured: true, listedAt: 123, id: ID });
    expect(pathOf("/api/LPmodels?limit=24")).toBe("/api/LPmodels");
    expect(pathOf(`/api/LPmodels?cursor=${cursor}&limit=10`)).toBe(`/api/LPmodels?limit=10&cursor=${cursor}`);
    expect(plan("/api/LPmodels?limit=1000")).toBeNull();
    expect(plan("/api/LPmodels?cursor=junk")).toBeNull();
    expect(plan(`/api/LPmodels?cursor=${cursor}==`)).toBeNull();
  });
});

describe("pageCacheKey", () => {
  const today = "2026-12-03";
  it("adds the age gate, the near-you place, the NZ date, the build and the versions", () => {
    const home = plan("/?age=18-24")!;
    const key = pageCacheKey("https://kiwi.example", home, { ageVerified: true, city: "Ponsonby", today }, "b1", [7]);
    expect(key).toBe("https://kiwi.example/?age=18-24&_age=1&_near=Auckland%2FPonsonby&_day=2026-12-03&_build=b1&_v=7");
    const gate = pageCacheKey("https://kiwi.example", home, { ageVerified: false, city: null, today }, "b1", [7]);
    expect(gate).toBe("https://kiwi.example/?age=18-24&_age=0&_near=&_day=2026-12-03&_build=b1&_v=7");
    const view = plan(`/view/${ID}`)!;
    expect(
      pageCacheKey("https://kiwi.example", view, { ageVerified: true, city: "Ponsonby", today }, "b1", [7, 3]),
    ).toBe(`https://kiwi.example/view/${ID}?_age=1&_near=&_day=2026-12-03&_build=b1&_v=7.3`);
  });

  it("keeps a later page's rotation slot while the page honours it, and one copy of each past it", () => {
    const slot = rotationSlot(NOW);
    for (const base of ["/?page=3", "/locations/Wellington?page=3", "/api/grid?region=Wellington&page=3"]) {
      const p = new URL(base, "https://kiwi.example");
      const at = (s: number | string) => pathOf(`${base}&slot=${s}`);
      expect(at(slot)).toBe(`${p.pathname}${p.search}&slot=${slot}`);
      expect(at(slot - KEPT_SLOTS)).toBe(`${p.pathname}${p.search}&slot=${slot - KEPT_SLOTS}`);
      // Too old, or still to come: read in the current slot, the same copy as without one.
      expect(at(slot - KEPT_SLOTS - 1)).toBe(pathOf(base));
      expect(at(slot + 1)).toBe(pathOf(base));
      expect(at(0)).toBe(pathOf(base));
      // Not a slot at all: rendered fresh, never kept.
      for (const bad of ["abc", "-1", "1.5", "1e6", "9".repeat(13)]) expect(plan(`${base}&slot=${bad}`)).toBeNull();
    }
  });

  it("keys the grids on the 10-minute rotation slot, not a profile or an info page", () => {
    const v = (slot: number) => ({ ageVerified: true, city: null, today, slot });
    for (const path of ["/", "/locations/Wellington", "/api/grid?region=Wellington"]) {
      const p = plan(path)!;
      expect(pageCacheKey("https://kiwi.example", p, v(5), "b1", [7])).toContain("&_rot=5&");
      expect(pageCacheKey("https://kiwi.example", p, v(5), "b1", [7])).not.toBe(
        pageCacheKey("https://kiwi.example", p, v(6), "b1", [7]),
      );
    }
    for (const path of [`/view/${ID}`, "/about"]) {
      const p = plan(path)!;
      expect(pageCacheKey("https://kiwi.example", p, v(5), "b1", [7])).toBe(
        pageCacheKey("https://kiwi.example", p, v(6), "b1", [7]),
      );
    }
  });

  it("changes every listing page's key at NZ midnight (tour stops begin and end then), not an info page's", () => {
    const region = plan("/locations/Wellington")!;
    const at = (day: string) =>
      pageCacheKey("https://kiwi.example", region, { ageVerified: true, city: null, today: day }, "b1", [7]);
    expect(at("2026-12-03")).not.toBe(at("2026-12-04"));
    const about = plan("/about")!;
    const info = (day: string) =>
      pageCacheKey("https://kiwi.example", about, { ageVerified: true, city: null, today: day }, "b1", []);
    expect(info("2026-12-03")).toBe(info("2026-12-04"));
  });

  it("gives the near-you place only to the home page, from a bounded set", () => {
    expect(nearYouVariant("home", "Wellington")).toBe("Wellington/");
    expect(nearYouVariant("home", "Some Town Nobody Lists")).toBe("");
    expect(nearYouVariant("region", "Ponsonby")).toBe("");
  });
});

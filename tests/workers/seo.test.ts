import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REGIONS, regionPath } from "~/core/regions";
import { DESCRIPTION_MAX } from "~/features/site/seo";
import { liveListingIds } from "~/features/site/sitemap.server";
import { client } from "./client";
import { insertListing } from "./fixtures";

const visitor = client();
import { outline } from "./page-outline";

const PUBLIC_PAGES = [
  "/",
  ...REGIONS.map(regionPath),
  "/faq",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
  "/subscriptions",
];

describe("page metadata", () => {
  it("gives every public page a unique title and description, a canonical URL and Open Graph tags", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
      const page = await outline(res);
      const canonical = `http://localhost${path}`;
      expect(page.title, path).toMatch(/\| Kiwi Companions$/);
      titles.add(page.title);
      const description = page.meta.get("description") ?? "";
      expect(description.length, path).toBeGreaterThan(40);
      expect(description.length, path).toBeLessThanOrEqual(DESCRIPTION_MAX);
      descriptions.add(description);
      expect(page.canonical, path).toBe(canonical);
      expect(page.meta.get("og:url"), path).toBe(canonical);
      expect(page.meta.get("og:title"), path).toBe(page.title);
      expect(page.meta.get("og:description"), path).toBe(description);
      expect(page.meta.get("og:type"), path).toBe("website");
      expect(page.meta.get("og:site_name"), path).toBe("Kiwi Companions");
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  it("names the page without its query string as canonical", async () => {
    const home = await outline(await visitor.get("/?age=18-24&page=2"));
    expect(home.canonical).toBe("http://localhost/");
    const plans = await outline(await visitor.get("/subscriptions?tier=featured"));
    expect(plans.canonical).toBe("http://localhost/subscriptions");
    const region = await outline(await visitor.get("/locations/Central%20North%20Island?display=hot"));
    expect(region.canonical).toBe("http://localhost/locations/Central%20North%20Island");
  });

  it("builds canonical URLs from the request's own origin", async () => {
    const res = await client({ origin: "https://kiwi.example" }).get("/terms");
    const page = await outline(res);
    expect(page.canonical).toBe("https://kiwi.example/terms");
    expect(page.meta.get("og:url")).toBe("https://kiwi.example/terms");
  });
});

describe("/sitemap.xml", () => {
  it("lists home, regions, information pages and live profiles only", async () => {
    const live = await insertListing({ firstName: "Live" });
    const hidden = await insertListing({ firstName: "Hidden", live: false, verified: true });
    const unverified = await insertListing({ firstName: "Unverified", live: false, verified: false });
    const res = await visitor.get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("http://localhost/");
    for (const region of REGIONS) expect(locs).toContain(`http://localhost${regionPath(region)}`);
    for (const path of ["/faq", "/about", "/contact", "/terms", "/privacy", "/subscriptions"]) {
      expect(locs).toContain(`http://localhost${path}`);
    }
    expect(locs).toContain(`http://localhost/view/${live}`);
    expect(locs).not.toContain(`http://localhost/view/${hidden}`);
    expect(locs).not.toContain(`http://localhost/view/${unverified}`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("reads every live profile across query pages, up to the cap", async () => {
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at) VALUES ('agency1', 'a@test.nz', 'A', 'x', 'unpaid', 1, ?, ?)",
    )
      .bind(now, now)
      .run();
    const stmts = [];
    for (let i = 0; i < 40; i++) {
      stmts.push(
        env.DB.prepare(
          "INSERT INTO listings (id, user_id, first_name, location, live, verified, listed_at, created_at, updated_at) VALUES (?, 'agency1', 'M', 'Auckland', ?, 1, ?, ?, ?)",
        ).bind(`bulk${String(i).padStart(12, "0")}`, i % 4 === 0 ? 0 : 1, now, now, now),
      );
    }
    await env.DB.batch(stmts);
    const liveIds = Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i % 4 !== 0)
      .map((i) => `bulk${String(i).padStart(12, "0")}`);

    // Pages of 7 rows: the keyset walk must neither drop nor repeat a row at the page edges.
    expect(await liveListingIds(env, { pageSize: 7 })).toEqual(liveIds);
    expect(await liveListingIds(env, { pageSize: 7, cap: 10 })).toEqual(liveIds.slice(0, 10));

    const xml = await (await visitor.get("/sitemap.xml")).text();
    const profiles = [...xml.matchAll(/<loc>http:\/\/localhost\/view\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(profiles).toEqual(liveIds);
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of private areas and points at the sitemap", async () => {
    const res = await visitor.get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/dashboard", "/profile", "/admin", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});

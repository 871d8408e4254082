// A page that came from the page cache (docs/decisions/0012-page-cache.md) still follows realtime changes:
// its socket hears the change and the JSON it refetches is keyed by the new version, so never stale.
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, listening, useBrowser } from "./browser";
import { makeAdministrator, signInAdmin } from "./people";
import { d1Rows } from "./store";

const b = useBrowser();

/**
 * Loads `path` until the document itself is a cache hit (the copy is stored just after the first answer), and
 * answers that hit: the page on the screen is then the copy. A further load need not be one: twice in five
 * end-to-end runs, once contexts were kept between tests (so a file starts sooner after the one before), the
 * load after a hit missed. Likely (not proven) why: the hit was keyed by version numbers read up to 250 ms
 * earlier (decision 0012's reuse of version reads), before the last writes of the file before; the next load
 * read them afresh.
 */
async function gotoCached(page: Page, path: string): Promise<Response> {
  for (let i = 0; i < 20; i++) {
    const res = await page.goto(path);
    if (res?.headers()["x-cache"] === "HIT") return res;
    await page.waitForTimeout(200);
  }
  throw new Error(`${path} was never served from the cache`);
}

describe("a cached page", () => {
  it("runs its scripts under the copy's hash-based policy, with no violation", async () => {
    const { page, context } = await b.visitor();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const res = await gotoCached(page, "/");
    expect(res.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    await hydrated(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("still updates live when a listing on it is hidden, without a reload", async () => {
    const visitor = await b.visitor();
    const admin = await b.visitor();
    const { page } = visitor;
    await gotoCached(page, "/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const grid = page.getByTestId("listing-grid");
    const href = (await grid.getByTestId("listing-card").first().locator("a").first().getAttribute("href"))!;
    const listingId = href.split("/").pop()!;
    const card = grid.locator(`a[href="/view/${listingId}"]`);
    expect(await card.count()).toBeGreaterThan(0);
    await listening(page);

    const api = admin.context.request;
    await signInAdmin(admin.context, await makeAdministrator());
    try {
      const hide = await api.put(`/api/admin/profiles/${listingId}/toggle-live`, { data: { live: false } });
      expect(hide.status()).toBe(200);
      // She was live and is hidden now: a hide that changed nothing would mean the page showed her stale.
      expect(await hide.json()).toMatchObject({ changed: true, live: false });
      await page.waitForFunction(
        (id) => !document.querySelector(`[data-testid="listing-grid"] a[href="/view/${id}"]`),
        listingId,
        { timeout: 10_000 },
      );
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      // And the next visitor's copy of the page is a fresh one without it. It may already be a hit: any request
      // since the hide (the first page's own revalidation among them) can have kept the new copy, keyed by the
      // bumped versions; a copy kept before the hide would still show her.
      const next = await b.visitor();
      const answer = await next.page.goto("/");
      const [row] = await d1Rows("SELECT live, switched_off, updated_at FROM listings WHERE id = ?", listingId);
      expect(
        await next.page.locator(`[data-testid="listing-grid"] a[href="/view/${listingId}"]`).count(),
        `shown to the next visitor (X-Cache ${answer?.headers()["x-cache"]}; in D1 ${JSON.stringify(row)})`,
      ).toBe(0);
      await next.context.close();
    } finally {
      expect((await api.put(`/api/admin/profiles/${listingId}/toggle-live`, { data: { live: true } })).status()).toBe(
        200,
      );
    }
    await visitor.context.close();
    await admin.context.close();
  });
});

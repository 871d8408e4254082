// /search shows every result, not the first 48: endless scroll with JavaScript, a 'More results' link
// without it, and both give the same listings once each. The demo seed has no name that common, so the test
// adds 60 live "Paginate" listings (copies of a seeded one) and removes them at the end: e2e files run one
// at a time.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, listening, useBrowser } from "./browser";
import { d1, makeAdministrator, signInAdmin } from "./people";

const b = useBrowser();

const shownIds = (page: Page) =>
  page
    .getByTestId("search-results")
    .locator("a[href^='/profile/']")
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")!));

const COPIES = 60;

/**
 * Scrolls to the end of the results until `n` are shown, as a person keeps scrolling: the end can move out of
 * view again while the page settles (photos, the header), and then one scroll loads nothing more.
 */
async function scrollToAll(page: Page, n: number) {
  await expect
    .poll(
      async () => {
        await page.getByTestId("search-end").scrollIntoViewIfNeeded();
        return (await shownIds(page)).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(n);
}

beforeAll(async () => {
  await d1(`INSERT INTO listings (id, user_id, first_name, live, verified, location, suburb, age, tag_line, rate60,
        cover_key, cover_width, cover_height, image_count, listed_at, created_at, updated_at)
      SELECT 'e2esearchpage' || printf('%03d', j.key), l.user_id, 'Paginate', 1, 1, l.location, l.suburb, l.age,
        l.tag_line, l.rate60, l.cover_key, l.cover_width, l.cover_height, l.image_count, l.listed_at - 1 - j.key,
        l.created_at, l.updated_at
      FROM json_each('[${Array(COPIES).fill(0).join(",")}]') AS j, (SELECT * FROM listings WHERE live = 1 LIMIT 1) AS l`);
});

afterAll(() => d1("DELETE FROM listings WHERE id LIKE 'e2esearchpage%'"));

describe("search result pages", () => {
  it("pages with a plain link when JavaScript is off, and scrolls in the same results with it on", async () => {
    const { context: plain, page: p } = await b.visitor({ javaScript: false });
    const q = "paginate";
    await p.goto(`/search?q=${q}`);
    const pageOne = [...new Set(await shownIds(p))];
    expect(pageOne).toHaveLength(48);
    await p.getByTestId("more-link").click();
    await p.waitForURL((url) => url.searchParams.get("after") !== null);
    const pageTwo = [...new Set(await shownIds(p))];
    expect(pageTwo.length).toBeGreaterThan(0);
    expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
    await expect(p.getByRole("link", { name: "Back to the first results" }).count()).resolves.toBe(1);
    // Follow the links to the end.
    const all = [...pageOne, ...pageTwo];
    while ((await p.getByTestId("more-link").count()) > 0) {
      await p.getByTestId("more-link").click();
      await p.waitForLoadState();
      all.push(...(await shownIds(p)));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(COPIES);
    await plain.close();

    const { context, page } = await b.visitor();
    await page.goto(`/search?q=${q}`);
    await hydrated(page);
    await scrollToAll(page, all.length);
    const scrolled = await shownIds(page);
    expect(scrolled).toEqual(all);
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await context.close();
  });

  it("a realtime refresh keeps the pages scrolled in rather than going back to the first 48", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/search?q=paginate");
    await hydrated(page);
    await scrollToAll(page, COPIES);
    const scrolled = await shownIds(page);
    await listening(page);
    // A listing from the second page is hidden: the page hears it and refreshes.
    const hidden = scrolled[scrolled.length - 1];
    const listingId = hidden.split("/").pop()!;
    const admin = await b.visitor();
    await signInAdmin(admin.context, await makeAdministrator());
    const res = await admin.context.request.put(`/api/admin/profiles/${listingId}/toggle-live`, {
      data: { live: false },
    });
    expect(res.status()).toBe(200);
    await page.waitForFunction(
      (href) => !document.querySelector(`[data-testid="search-results"] a[href="${href}"]`),
      hidden,
      { timeout: 10_000 },
    );
    // Every other result is still there: both pages, reloaded at once.
    expect(await shownIds(page)).toEqual(scrolled.filter((h) => h !== hidden));
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});

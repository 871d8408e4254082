// Like and Favourite on a phone (390x844, touch): one symbol per idea (a thumb likes, a heart keeps a favourite,
// as the header's heart opens Favourites), an empty Favourites page that says how to add one, and a like
// without JavaScript that comes back to the card it was pressed on, showing it liked. Signed in, the grid is the
// public copy with the person's own header put in (docs/decisions/0070): their header, likes and favourites.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { gridPagePath, slotOnPage } from "./grid";
import { insertAccount, signInAs } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const provider = useOwnProvider("independent");
// A name no seeded listing has, so its card is easy to find.
const NAME = "Whetūrangi";

const likesOf = async (id: string) =>
  (await d1Rows<{ n: number }>("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?", id))[0].n;

/** The symbol an icon inside `selector` draws (its sprite fragment). */
const symbolIn = (page: Page, selector: string) =>
  page
    .locator(`${selector} svg use`)
    .first()
    .getAttribute("href")
    .then((href) => href?.split("#")[1]);

/**
 * Opens the grid's pages without JavaScript until the listing's card is on one; answers its page. Every page
 * is read in one rotation slot, the first page's, as the grid's own links carry it: the like's answer goes back
 * to the page's address, so without the slot a turn of the order (every 10 minutes) while the test runs would
 * send it back to a page the card has left.
 */
async function gridPageWith(page: Page, listingId: string): Promise<number> {
  await page.goto("/?page=1");
  const slot = await slotOnPage(page);
  for (let n = 1; n <= 12; n++) {
    await page.goto(gridPagePath("/", n, slot));
    if ((await page.locator(`#listing-${listingId}`).count()) > 0) return n;
  }
  throw new Error("the listing is on none of the grid's pages");
}

describe("like and favourite", () => {
  it("draws a thumb for Like and a heart for Favourite, as the header's heart opens Favourites", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await page.goto("/favorites");
    await hydrated(page);
    await expect(symbolIn(page, '[data-testid="site-header"] a[href="/favorites"]')).resolves.toBe("heart");
    // Empty: it says so in the spec's words, and how to add one.
    const empty = page.getByTestId("favourites-empty");
    await empty.getByText("No favorite models yet").waitFor();
    await empty.getByText(/Tap the\s+heart on a listing to keep it here/).waitFor();
    await shot(page, "favourites-empty-390");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/");
    await hydrated(page);
    const card = '[data-testid="listing-grid"] [data-testid="listing-card"]';
    await expect(symbolIn(page, `${card} [data-testid="like-button"]`)).resolves.toBe("thumb-up");
    await expect(symbolIn(page, `${card} [data-testid="favourite-button"]`)).resolves.toBe("heart");
    // A favourite fills the header's heart too.
    // The grid's island may still be taking over when the tap lands (it is held and replayed then): leave for
    // Favourites only once the button says it is saved, or the navigation can overtake the replayed tap.
    const favourite = page.locator(`${card} [data-testid="favourite-button"]`).first();
    await favourite.tap();
    await expect.poll(() => favourite.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/favorites");
    await hydrated(page);
    await page.getByTestId("favourites-grid").waitFor();
  });

  it("likes without JavaScript: back at the card, shown liked; pressed again, the like is taken back", async () => {
    const listingId = provider.listings[0].id;
    await d1("UPDATE listings SET first_name = ? WHERE id = ?", NAME, listingId);
    const before = await likesOf(listingId);
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, javaScript: false });
    const n = await gridPageWith(page, listingId);
    const card = page.locator(`#listing-${listingId}`);
    const like = card.getByTestId("like-button");
    await expect(like.getAttribute("aria-pressed")).resolves.toBe("false");
    await like.tap();
    await page.waitForURL((url) => url.searchParams.get("page") === String(n) && url.hash === `#listing-${listingId}`);
    expect(await likesOf(listingId)).toBe(before + 1);
    // Shown liked, and the card on the screen, not the top of the page.
    await expect(like.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(like.getAttribute("aria-label")).resolves.toBe(`Unlike ${NAME}`);
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(MOBILE.height);
    await shot(page, "like-without-js-390");
    // axe needs a script of its own: the same page, in a browser with JavaScript.
    const withScript = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await withScript.page.goto(page.url());
    await hydrated(withScript.page);
    expect(await seriousViolations(withScript.page)).toEqual([]);

    await like.tap();
    await page.waitForURL((url) => url.hash === `#listing-${listingId}` && !url.searchParams.has("liked"));
    await expect(like.getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await likesOf(listingId)).toBe(before);

    // On the profile too: the count says so.
    await page.goto(`/view/${listingId}`);
    const profile = page.getByTestId("profile");
    await profile.getByTestId("like-button").tap();
    await page.waitForURL((url) => url.pathname === `/view/${listingId}` && url.hash === `#listing-${listingId}`);
    await expect(profile.getByTestId("like-button").getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(profile.getByTestId("like-count").textContent()).resolves.toBe(String(before + 1));
  });

  it("signed in, / on a phone shows their own header and their likes and favourites, with and without JavaScript", async () => {
    const person = await insertAccount({ firstName: "Hinemoa" });
    const listingId = provider.listings[0].id;
    const { context, page } = await b.visitor({ viewport: MOBILE, touch: true });
    const hydrationErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|#41[89]|#42[35]/i.test(m.text())) hydrationErrors.push(m.text());
    });
    await signInAs(context, person);
    const n = await gridPageWith(page, listingId);
    await hydrated(page);
    const card = page.locator(`#listing-${listingId}`);
    await card.getByTestId("like-button").tap();
    await expect.poll(() => card.getByTestId("like-button").getAttribute("aria-pressed")).toBe("true");
    await card.getByTestId("favourite-button").tap();
    await expect.poll(() => card.getByTestId("favourite-button").getAttribute("aria-pressed")).toBe("true");
    // The like is kept once the server has counted it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("profileLikes") ?? "")).toContain(listingId);

    // Again: the public copy, finished for this person, and hydrated as theirs.
    const answer = await page.goto(`/?page=${n}`);
    expect(answer?.headers()["x-cache"]).toBe("INCLUDED");
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    const header = page.getByTestId("site-header");
    await expect(header.getByTestId("header-login").count()).resolves.toBe(0);
    await expect(header.locator("summary.account-button").getAttribute("aria-label")).resolves.toBe(
      "Account menu for Hinemoa",
    );
    // Kept in this browser (spec §3): the cards show them once their code runs, woken at once for saved hearts.
    await expect.poll(() => card.getByTestId("like-button").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => card.getByTestId("favourite-button").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => header.getByTestId("header-heart").getAttribute("data-filled")).toBe("true");
    await shot(page, "signed-in-home-390");
    expect(hydrationErrors).toEqual([]);
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);

    // Their menu works, and signing out from it leaves the page signed out (the root's data read again).
    await header.locator("summary.account-button").tap();
    await header.getByText("Hi, Hinemoa").waitFor();
    await header.getByRole("button", { name: "Sign Out" }).tap();
    await header.getByTestId("header-login").waitFor();

    // Without JavaScript: the same header, from the server.
    const plain = await b.visitor({ viewport: MOBILE, touch: true, javaScript: false });
    await signInAs(plain.context, person);
    const res = await plain.page.goto("/");
    expect(res?.headers()["x-cache"]).toBe("INCLUDED");
    const plainHeader = plain.page.getByTestId("site-header");
    await expect(plainHeader.getByTestId("header-login").count()).resolves.toBe(0);
    await plainHeader.locator("summary.account-button").tap();
    await plainHeader.getByText("Hi, Hinemoa").waitFor();
    await plain.page.getByTestId("site-menu").locator("summary").tap();
    await plain.page.getByTestId("site-menu").getByRole("button", { name: "Sign Out" }).waitFor();
  });
});

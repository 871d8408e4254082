// On a phone (390×844): a visitor finds 'Log in' and the information pages in the header, the phone menu and
// the footer; Back closes an open lightbox instead of leaving the profile; and without JavaScript the menu
// opens and the heart likes through a form, while Favourite (kept in the browser) is not offered.
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1Rows, enterAs } from "./people";
import { useOwnProvider } from "./providers";

const b = useBrowser();
const provider = useOwnProvider("independent");

async function ownListing() {
  const [listing] = await d1Rows<{ id: string }>(
    "SELECT l.id FROM listings l JOIN users u ON u.id = l.user_id WHERE u.email = ? AND l.live = 1 LIMIT 1",
    provider.email,
  );
  return listing.id;
}

const likesOf = async (id: string) =>
  (await d1Rows<{ n: number }>("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?", id))[0].n;

describe("public navigation on a phone", () => {
  it("reaches 'Log in' from the header and from the footer at 390 px", async () => {
    const { page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    const header = page.getByTestId("site-header");
    await expect(header.getByRole("link", { name: "Log in", exact: true }).isVisible()).resolves.toBe(true);
    await header.getByRole("link", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");

    await page.goto("/faq");
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    const login = footer.getByRole("link", { name: "Log in", exact: true });
    await login.scrollIntoViewIfNeeded();
    await expect(login.isVisible()).resolves.toBe(true);
    for (const name of ["Plans", "FAQ", "About", "Contact", "Terms", "Privacy"]) {
      await expect(footer.getByRole("link", { name, exact: true }).count(), name).resolves.toBe(1);
    }
    // No placeholder social links: nothing in the footer leaves the site.
    await expect(footer.locator('a[href^="http"]').count()).resolves.toBe(0);
    await login.click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  it("gives a signed-in provider the avatar menu (Dashboard, Sign Out) in the header at 390 px", async () => {
    const { page } = await b.visitor({ viewport: MOBILE });
    await enterAs(page, provider, "/");
    const header = page.getByTestId("site-header");
    const avatar = header.getByLabel(/^Account menu for/);
    await expect(avatar.isVisible()).resolves.toBe(true);
    const box = (await avatar.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await avatar.click();
    const menu = header.getByTestId("account-menu");
    await expect(menu.getByRole("link", { name: "Dashboard" }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole("button", { name: "Sign Out" }).isVisible()).resolves.toBe(true);
    await menu.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });

  it("opens the phone menu with the regions, the information pages and 'Log in'", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByTestId("site-menu").locator("summary").click();
    for (const name of ["Auckland", "Plans", "FAQ", "About", "Contact", "Log in", "Add Your Listing"]) {
      await expect(menu.getByRole("link", { name, exact: true }).isVisible(), name).resolves.toBe(true);
    }
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await menu.getByRole("link", { name: "FAQ", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/faq");
    // Closed on the new page.
    await menu.waitFor({ state: "hidden" });
  });
});

describe("the lightbox and Back", () => {
  it("Back closes an open lightbox and stays on the profile; Back again leaves it", async () => {
    const id = await ownListing();
    const { page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/favorites");
    await hydrated(page);
    await page.goto(`/view/${id}`);
    await hydrated(page);
    await page.getByTestId("gallery-main").click();
    const lightbox = page.getByTestId("lightbox");
    await lightbox.waitFor();
    await page.goBack();
    await lightbox.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/view/${id}`);
    await page.getByTestId("gallery-main").waitFor();

    // Closed by its own button, the entry it added is gone too: Back then leaves the profile.
    await page.getByTestId("gallery-main").click();
    await lightbox.waitFor();
    await lightbox.getByRole("button", { name: /close/i }).click();
    await lightbox.waitFor({ state: "detached" });
    await expect.poll(() => new URL(page.url()).hash).toBe("");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/favorites");
  });
});

describe("without JavaScript", () => {
  it("the phone menu opens and leads to a page", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, javaScript: false });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByTestId("site-menu").locator("summary").click();
    await menu.getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
  });

  it("Like posts as a form and comes back to the page; Favourite is not offered", async () => {
    const id = await ownListing();
    const before = await likesOf(id);
    const { page } = await b.visitor({ viewport: MOBILE, javaScript: false });
    await page.goto(`/view/${id}`);
    // Not on the profile, nor on the suggestions' cards.
    const favourites = page.getByTestId("favourite-button");
    expect(await favourites.count()).toBeGreaterThan(0);
    await expect(favourites.evaluateAll((all) => all.filter((el) => el.getClientRects().length > 0))).resolves.toEqual(
      [],
    );
    const profile = page.getByTestId("profile");
    await profile.getByTestId("like-button").click();
    await page.waitForURL((url) => url.pathname === `/view/${id}`);
    expect(await likesOf(id)).toBe(before + 1);
    await expect(profile.getByTestId("like-count").textContent()).resolves.toBe(String(before + 1));

    // From a grid card too: back to the grid it was pressed on.
    await page.goto("/?page=1");
    await page.getByTestId("listing-card").first().getByTestId("like-button").click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "?page=1");
  });
});

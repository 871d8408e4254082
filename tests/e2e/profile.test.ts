import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LIKES_KEY } from "../../app/features/likes/likes";
import { hydrated, listening, MOBILE, useBrowser } from "./browser";
import { makeAdministrator, signInAdmin } from "./people";

const b = useBrowser();

async function openFirstProfile(page: Page) {
  await page.goto("/");
  await hydrated(page);
  const card = page.getByTestId("listing-grid").getByTestId("listing-card").first();
  const name = (await card.locator("h3 span.truncate").textContent())!;
  await card.locator("a").first().click();
  await page.waitForURL("**/view/*");
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await hydrated(page);
  return { name, modelId: new URL(page.url()).pathname.split("/").pop()! };
}

describe("a visitor on a profile", () => {
  it("opens a profile from the grid and uses the lightbox", async () => {
    const { context, page } = await b.visitor();
    const { name } = await openFirstProfile(page);
    await page.getByTestId("gallery-main").click();
    const lightbox = page.getByTestId("lightbox");
    await lightbox.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    const alt = () => page.getByTestId("lightbox-image").getAttribute("alt");
    expect(await alt()).toMatch(new RegExp(`^Photo 1 of \\d+ of ${name}$`));
    await page.keyboard.press("ArrowRight");
    expect(await alt()).toMatch(/^Photo 2 of/);
    await page.keyboard.press("ArrowLeft");
    expect(await alt()).toMatch(/^Photo 1 of/);
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await page.getByRole("heading", { name: "You Might Also Like" }).waitFor();
    expect(await page.getByTestId("suggestions").getByTestId("listing-card").count()).toBe(3);
    await context.close();
  });

  it("keeps the contact card clear of the header when the header comes back on a wide screen", async () => {
    const { context, page } = await b.visitor();
    await openFirstProfile(page);
    const header = page.getByTestId("site-header");
    const card = page.locator("aside", { has: page.locator(`a[href^="sms:"]`) });
    // Down (the header hides) to where the card is held by its column, not pushed up by the column's end
    // (the profile's last lines below the card scroll away with the page), then up a little (the header
    // comes back over the page).
    await card.evaluate((el) => {
      const column = el.parentElement!.getBoundingClientRect();
      scrollTo(0, scrollY + column.bottom - innerHeight);
    });
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await card.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
    await context.close();
  });

  it("shows an SMS link with the formatted phone number, and counts the contact", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const { modelId } = await openFirstProfile(page);
    const sms = page.getByTestId("sms-button");
    const href = (await sms.getAttribute("href"))!;
    expect(href).toMatch(/^sms:\d{7,13}\?&body=/);
    const digits = /^sms:(\d+)/.exec(href)![1];
    const text = (await sms.textContent())!;
    const grouped = digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : null;
    if (grouped) expect(text).toContain(grouped);
    // The click first reports the contact, then hands over to the messaging app.
    const counted = page.waitForRequest(
      (r) => r.url().endsWith(`/api/visits/incrementContact/${modelId}`) && r.method() === "PUT",
    );
    await page.route("sms:*", (route) => route.abort());
    await sms.click();
    await counted;
    await context.close();
  });

  it("likes and unlikes, and the state survives a reload", async () => {
    const { context, page } = await b.visitor();
    const { modelId } = await openFirstProfile(page);
    const like = page.getByTestId("like-button").first();
    await page.waitForFunction(() => !document.querySelector('[data-testid="like-button"]')?.hasAttribute("disabled"));
    const before = Number(await page.getByTestId("like-count").textContent());
    await like.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="like-button"]')?.getAttribute("aria-pressed") === "true",
    );
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.textContent === String(n),
      before + 1,
    );
    // The count moves at the click; the like is remembered in the browser once the server has answered.
    // Reloading before then would throw the answer away.
    await page.waitForFunction(
      ([key, id]) => (JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>)[id] !== undefined,
      [LIKES_KEY, modelId] as const,
    );
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="like-button"]')?.getAttribute("aria-pressed") === "true",
    );
    expect(Number(await page.getByTestId("like-count").textContent())).toBe(before + 1);
    await like.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="like-button"]')?.getAttribute("aria-pressed") === "false",
    );
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.textContent === String(n),
      before,
    );
    await context.close();
  });

  it("favourites a listing: the header heart fills and /favorites shows it", async () => {
    const { context, page } = await b.visitor();
    const { name, modelId } = await openFirstProfile(page);
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByTestId("header-heart").getAttribute("data-filled")).toBe("false");
    await page.goto(`/view/${modelId}`);
    await hydrated(page);
    await page.getByTestId("profile").getByTestId("favourite-button").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="header-heart"]')?.getAttribute("data-filled") === "true",
    );
    await page.getByTestId("header-heart").click();
    await page.waitForURL("**/favorites");
    await page.getByRole("heading", { name: "Favourites" }).waitFor();
    await page.getByTestId("favourites-grid").getByText(name, { exact: true }).waitFor();
    // Removing it empties the list.
    await page.getByTestId("favourites-grid").getByTestId("favourite-button").click();
    await page.getByText("No favorite models yet").waitFor();
    await context.close();
  });

  it("searches by name and opens a result", async () => {
    const { context, page } = await b.visitor();
    await page.goto("/");
    await hydrated(page);
    await page.getByLabel("Find by name").fill("Ruby");
    await page.getByLabel("Find by name").press("Enter");
    await page.waitForURL("**/search?q=Ruby");
    await page.getByRole("heading", { name: 'Search Results for "Ruby"' }).waitFor();
    const result = page.getByTestId("search-results").getByTestId("listing-card").first();
    expect(await result.locator("h3").textContent()).toContain("Ruby");
    await result.locator("a").first().click();
    await page.waitForURL("**/view/*");
    await page.getByRole("heading", { level: 1, name: "Ruby" }).waitFor();
    await page.goto("/search?q=zzzzqqq");
    await page.getByText("No models found matching your search.").waitFor();
    await context.close();
  });

  it("shows 'Error loading profile: Model not found' for unknown listings", async () => {
    const { context, page } = await b.visitor();
    const res = await page.goto("/view/0000000000000000");
    expect(res!.status()).toBe(404);
    await page.getByText("Error loading profile: Model not found").waitFor();
    await context.close();
  });

  it("updates an open profile when the listing changes elsewhere, without a reload; likes do not broadcast", async () => {
    const one = await b.visitor();
    const two = await b.visitor();
    const { modelId } = await openFirstProfile(one.page);
    const before = Number(await one.page.getByTestId("like-count").textContent());
    await listening(one.page);
    // Another visitor's like is a count: it does not make every open page reload.
    await two.page.goto(`/view/${modelId}`);
    await hydrated(two.page);
    await two.page.waitForFunction(
      () => !document.querySelector('[data-testid="like-button"]')?.hasAttribute("disabled"),
    );
    await two.page.getByTestId("like-button").first().click();
    await two.page.waitForFunction(
      (n) => document.querySelector('[data-testid="like-count"]')?.textContent === String(n),
      before + 1,
    );
    await one.page.waitForTimeout(1500);
    await expect(one.page.getByTestId("like-count").textContent()).resolves.toBe(String(before));

    // An administrator takes the listing down: the open page says so without a reload; then it goes back up.
    const api = two.context.request;
    await signInAdmin(two.context, await makeAdministrator());
    expect((await api.put(`/api/admin/profiles/${modelId}/verify`, { data: { verify: false } })).status()).toBe(200);
    await one.page.getByTestId("profile-error").waitFor({ timeout: 10_000 });
    expect(await one.page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    // Back up: the room sends it at the end of its per-listing window (about 3 s after the takedown). The
    // test ends when it has come, so it does not reach (and wake, refresh) the pages of the next file on
    // this server instead.
    type Marked = { backUp?: boolean };
    await one.page.evaluate((id) => {
      window.addEventListener("profileupdate", (e) => {
        const event = (e as CustomEvent<{ modelId: string; visible: boolean }>).detail;
        if (event.modelId === id && event.visible) (window as Marked).backUp = true;
      });
    }, modelId);
    expect((await api.put(`/api/admin/profiles/${modelId}/verify`, { data: { verify: true } })).status()).toBe(200);
    expect((await api.put(`/api/admin/profiles/${modelId}/toggle-live`, { data: { live: true } })).status()).toBe(200);
    await one.page.waitForFunction(() => (window as Marked).backUp === true);
    await one.context.close();
    await two.context.close();
  });
});

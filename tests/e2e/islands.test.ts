// The header, footer, filter bar and cards of a grid page run from the visitor's first input
// (docs/decisions/0042-islands-woken-by-input.md): their code is not downloaded with the page, and nothing the
// visitor does before it is in is lost.
import type { Page, Route } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { LIKES_KEY } from "../../app/features/likes/likes";
import { d1Rows } from "./people";

const b = useBrowser();
const ISLAND_CHUNKS = /\/assets\/(site-chrome|cards|filter-bar)-[\w-]+\.js$/;

const likesOf = async (id: string) =>
  (await d1Rows<{ n: number }>("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?", id))[0].n;

/** The scripts the page has fetched, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

const islandStates = (page: Page) =>
  page.locator("[data-island]").evaluateAll((all) => all.map((el) => (el as HTMLElement).dataset.island));

/** Holds the responses for `pattern` until `release` is called. */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(pattern, async (route: Route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** A marker that survives only as long as the document does (a full page load clears it). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { same?: boolean }).same === true);

/** The first grid card's listing id and like button. */
async function firstCard(page: Page) {
  const card = page.getByTestId("listing-grid").getByTestId("listing-card").first();
  const id = (await card.locator("a.card-link").getAttribute("href"))!.split("/").pop()!;
  return { id, like: card.getByTestId("like-button") };
}

/** Opens the home page (marked, to notice a full page load) and reads its first card and that listing's likes. */
async function homeWithFirstCard(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await markDocument(page);
  const card = await firstCard(page);
  return { ...card, before: await likesOf(card.id) };
}

describe("parts that run from the first input", () => {
  it("downloads the header's, filter bar's and cards' code at the first touch, not with the page", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const scripts = scriptsOf(page);
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => ISLAND_CHUNKS.test(path))).toEqual([]);
    // Header, filter bar, cards, footer: shown from the server's HTML, asleep.
    await expect(islandStates(page)).resolves.toEqual(["asleep", "asleep", "asleep", "asleep"]);
    await expect(page.getByTestId("listing-grid").getByTestId("listing-card").count()).resolves.toBe(8);

    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => islandStates(page)).toEqual(["live", "live", "live", "live"]);
    const fetched = scripts
      .filter((path) => ISLAND_CHUNKS.test(path))
      .map((path) => path.split("/").pop()!.split("-")[0]);
    expect(fetched.sort()).toEqual(["cards", "filter", "site"]);
    await context.close();
  });

  it("shows the placeholder for a card photo that fails to load, before the cards' code is in", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.route(/\/photos\//, (route) => route.abort("failed"));
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(islandStates(page)).resolves.toEqual(["asleep", "asleep", "asleep", "asleep"]);
    const frame = page.getByTestId("listing-grid").getByTestId("listing-card").first().locator(".card-photo");
    const { data, info } = await sharp(await frame.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (fx: number, fy: number) => {
      const i = (Math.round(info.height * fy) * info.width + Math.round(info.width * fx)) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    // The placeholder (app/features/photos/photos.server.ts): a grey frame with a lighter head in its middle,
    // not the broken image's empty frame and alt text.
    expect(at(0.1, 0.5)).toEqual([0x27, 0x27, 0x2a]);
    expect(at(0.5, 0.45)).toEqual([0x52, 0x52, 0x5b]);
    await expect(islandStates(page)).resolves.toEqual(["asleep", "asleep", "asleep", "asleep"]);
    await context.close();
  });

  it("likes a listing from a heart tapped before the cards' code is in, without leaving the page", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const cards = await hold(page, /\/assets\/cards-[\w-]+\.js$/);
    const { id, like, before } = await homeWithFirstCard(page);

    await like.click();
    await expect.poll(cards.asked).toBe(true);
    // Held: neither the plain form's post nor the app's answer yet.
    await expect(like.getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await likesOf(id)).toBe(before);

    cards.release();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => likesOf(id)).toBe(before + 1);
    await expect(sameDocument(page)).resolves.toBe(true);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? "", LIKES_KEY)).toContain(id);
    await context.close();
  });

  it("keeps text typed in the search box before its code is in, and suggests from it", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const chrome = await hold(page, /\/assets\/site-chrome-[\w-]+\.js$/);
    await page.goto("/");
    await hydrated(page);
    const card = page.getByTestId("listing-grid").getByTestId("listing-card").first();
    const name = (await card.locator("h3 span.truncate").first().textContent())!.trim();
    const box = page.getByRole("combobox", { name: "Find by name" });
    await box.focus();
    await page.keyboard.type(name.toLowerCase());
    await expect.poll(chrome.asked).toBe(true);
    await expect(box.getAttribute("aria-expanded")).resolves.toBe("false");

    chrome.release();
    const list = page.getByRole("listbox", { name: "Suggested names" });
    await list.waitFor();
    await expect(list.textContent()).resolves.toContain(name);
    await expect(box.inputValue()).resolves.toBe(name.toLowerCase());
    await context.close();
  });

  it("keeps every letter typed while the search box's code arrives and hydrates", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const chrome = await hold(page, /\/assets\/site-chrome-[\w-]+\.js$/);
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Find by name" });
    await box.focus();
    await page.keyboard.type("ab");
    await expect.poll(chrome.asked).toBe(true);
    chrome.release();
    // Typing on while the code comes in and React takes the box over.
    await page.keyboard.type("cdefghij", { delay: 15 });
    await expect.poll(() => box.inputValue()).toBe("abcdefghij");
    await page.waitForFunction(() => document.querySelector("[data-island]")?.getAttribute("data-island") === "live");
    // The box's own state has every letter too: Escape (list closed) clears what it holds.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(box.inputValue()).resolves.toBe("");
    await context.close();
  });

  it("gives a visitor with a saved like the cards' code at once, showing the heart filled", async () => {
    const first = await b.visitor({ viewport: MOBILE });
    await first.page.goto("/");
    const { id } = await firstCard(first.page);
    await first.context.close();

    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.addInitScript(([key, liked]) => localStorage.setItem(key, JSON.stringify({ [liked]: true })), [
      LIKES_KEY,
      id,
    ] as const);
    const scripts = scriptsOf(page);
    await page.goto("/");
    await hydrated(page);
    const like = page.locator(`[data-testid='listing-card']:has(a[href='/view/${id}']) [data-testid='like-button']`);
    await expect.poll(() => like.first().getAttribute("aria-pressed")).toBe("true");
    expect(scripts.some((path) => /\/assets\/cards-/.test(path))).toBe(true);
    await context.close();
  });

  it("answers a tapped heart as a plain form when the cards' code cannot be fetched", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.route(/\/assets\/cards-[\w-]+\.js$/, (route) => route.abort());
    const { id, like, before } = await homeWithFirstCard(page);

    await like.click();
    // The form posts to /likes/{id}, which sends the browser back to the page it was on.
    await expect.poll(() => likesOf(id)).toBe(before + 1);
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => sameDocument(page)).toBe(false);
    await context.close();
  });
});

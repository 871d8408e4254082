// The owner dashboard and the settings screen in Chromium, as the seeded demo agency.
import type { Page, Request, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import {
  DELETE_ACCOUNT_CONFIRM,
  deleteListingConfirm,
  RELOAD_FAILED,
  SEND_FAILED,
} from "../../app/features/dashboard/dashboard";
import { seriousViolations } from "./axe";
import { DESKTOP, hydrated, MOBILE, useBrowser } from "./browser";
import { d1, enterAs, insertAccount } from "./people";
import { setServerClock } from "./store";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
// A copy of the demo agency, this file's own, with a listing without photos for the delete test.
const agency = useOwnProvider("agency");
const THROWAWAY = "Tui";

const throwawayId = newId();

beforeAll(async () => {
  const now = Date.now();
  await d1(
    "INSERT INTO listings (id, user_id, first_name, listed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    throwawayId,
    agency.id,
    THROWAWAY,
    now,
    now,
    now,
  );
});

const logIn = (page: Page) => enterAs(page, agency);

const card = (page: Page, name: string) =>
  page.getByTestId("dashboard-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("the owner dashboard", () => {
  it("shows the agency's listings with badges, switches and this month's tiles", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await logIn(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Your Listings");
    await expect(page.getByTestId("dashboard-greeting").textContent()).resolves.toBe(`Hello, ${agency.firstName}`);
    const cards = page.getByTestId("dashboard-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    for (const name of ["Sienna", "Jade", "Scarlett", "Coco", THROWAWAY]) await card(page, name).waitFor();
    await expect(card(page, "Sienna").getByTestId("listing-badge").textContent()).resolves.toBe("LIVE");
    await expect(card(page, "Coco").getByTestId("listing-badge").textContent()).resolves.toBe("Hidden - Get Verified");
    await expect(card(page, THROWAWAY).getByText("No Image").isVisible()).resolves.toBe(true);
    for (const label of ["Views on listing", "Likes", "Contacts opened"]) {
      expect(await page.getByText(label, { exact: true }).count()).toBe(await cards.count());
    }
    // The seed gives the demo listings counters for this month.
    const views = await card(page, "Sienna").getByTestId("listing-tiles").locator("dd").first().textContent();
    expect(Number(views?.replace(/,/g, ""))).toBeGreaterThan(0);
    // An unverified listing cannot go live, a hidden one cannot be Active Now.
    await expect(page.getByRole("button", { name: "Live for Coco" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Active Now for Coco" }).isDisabled()).resolves.toBe(true);
    // Add New Listing drops a stored draft that is not a draft of this account (nothing to ask about).
    await page.evaluate(() => localStorage.setItem("currentProfileDraft", '{"firstName":"Old"}'));
    await expect(page.getByRole("link", { name: "Add New Listing" }).getAttribute("href")).resolves.toBe(
      "/profile/new",
    );
    await page.getByRole("link", { name: "Add New Listing" }).click();
    await page.waitForURL((url) => url.pathname !== "/dashboard");
    expect(await page.evaluate(() => localStorage.getItem("currentProfileDraft"))).toBeNull();
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    await context.close();
  });

  it("flips Active Now on a live listing at once, and it stays after a reload", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await logIn(page);
    // Scarlett is live and was last active two hours before the seed.
    const toggle = page.getByRole("button", { name: "Active Now for Scarlett" });
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/dashboard"),
    );
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Active Now for Scarlett"]')?.getAttribute("aria-pressed") === "true",
    );
    expect((await saved).status()).toBe(200);

    await page.reload();
    await hydrated(page);
    await expect(
      page.getByRole("button", { name: "Active Now for Scarlett" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(card(page, "Scarlett").getByTestId("listing-status").textContent()).resolves.toBe(
      "Active · Standard Listing",
    );
    await card(page, "Scarlett").getByText("Active for the next 8 hours").waitFor();

    // And off again, which also puts the seed back as other tests expect it (bar 'Last active').
    await page.getByRole("button", { name: "Active Now for Scarlett" }).click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Active Now for Scarlett"]')?.getAttribute("aria-pressed") === "false",
    );
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect(
      page.getByRole("button", { name: "Active Now for Scarlett" }).getAttribute("aria-pressed"),
    ).resolves.toBe("false");
    await context.close();
  });

  it("shows the new state before the server answers, and puts it back when the server refuses", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    // No realtime socket here: it would tell this page about the change below before the click.
    await page.routeWebSocket(/\/parties\//, () => {});
    await logIn(page);
    const edit = await card(page, "Sienna").getByRole("link", { name: "Edit Sienna" }).getAttribute("href");
    const siennaId = edit!.split("/").pop()!;
    // Hold the dashboard's write back until the in-between state has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/dashboard.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    // Meanwhile (say, in another tab) Sienna is hidden: the open page still offers Active Now.
    const hide = await page.request.put(`/api/profiles/${siennaId}/live`, { data: { live: false } });
    expect(hide.status()).toBe(200);
    const toggle = page.getByRole("button", { name: "Active Now for Sienna" });
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    await toggle.click();
    // Flipped at once: before the (held) server answers, which will be a refusal.
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Active Now for Sienna"]')?.getAttribute("aria-pressed") === "true",
    );
    // ...and says it is on its way, so a second tap (not taken meanwhile) is not a silent mystery.
    await expect(toggle.getAttribute("aria-busy")).resolves.toBe("true");
    await shot(card(page, "Sienna"), "dashboard-switch-on-its-way");
    release();
    // ...then refused by the server: back off, the reason shown, and the page reloaded (Live is off now).
    await card(page, "Sienna")
      .getByRole("alert")
      .filter({ hasText: "Turn Live on before going Active Now." })
      .waitFor();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Live for Sienna"]')?.getAttribute("aria-pressed") === "false",
    );
    await expect(card(page, "Sienna").getByTestId("listing-badge").textContent()).resolves.toBe("Hidden");

    expect((await page.request.put(`/api/profiles/${siennaId}/live`, { data: { live: true } })).status()).toBe(200);
    await context.close();
  });

  it("keeps the page when a switch's post fails on the network or is answered 429 or 503 as text", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") logged.push(m.text());
    });
    await logIn(page);
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Active Now for Scarlett" });
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    const failures: [string, (route: Route) => Promise<void>][] = [
      ["the network", (route) => route.abort("internetdisconnected")],
      ["429 as text", (route) => route.fulfill({ status: 429, contentType: "text/plain", body: "Too Many Requests" })],
      [
        "503 as text",
        (route) => route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Unavailable</h1>" }),
      ],
    ];
    for (const [what, fail] of failures) {
      await page.route("**/dashboard.data*", (route) =>
        route.request().method() === "POST" ? fail(route) : route.continue(),
      );
      // Nothing from the round before is still on its way.
      await page.waitForLoadState("networkidle");
      const isData = (r: Request, method: string) =>
        r.method() === method && new URL(r.url()).pathname === "/dashboard.data";
      const posted = page.waitForRequest((r) => isData(r, "POST"));
      const reloaded = page.waitForRequest((r) => isData(r, "GET"));
      const before = logged.length;
      await toggle.click();
      await posted;
      // Reverted, with the reason under the switch; the data reloaded; the failure logged; the page kept.
      await reloaded;
      await expect.poll(() => toggle.getAttribute("aria-pressed"), { message: what }).toBe("false");
      await card(page, "Scarlett").getByRole("alert").filter({ hasText: SEND_FAILED }).waitFor();
      expect(logged.length, what).toBeGreaterThan(before);
      await expect(page.getByRole("heading", { name: "Your Listings" }).isVisible(), what).resolves.toBe(true);
      await expect(page.getByText("Your dashboard could not be shown").count(), what).resolves.toBe(0);
      await page.unrouteAll();
    }

    // Offline altogether: the reload fails too, and the cards stay on screen with a notice.
    await page.route("**/dashboard.data*", (route) => route.abort("internetdisconnected"));
    await toggle.click();
    await page.getByTestId("dashboard-stale").filter({ hasText: RELOAD_FAILED }).waitFor();
    await card(page, "Scarlett").getByRole("alert").filter({ hasText: SEND_FAILED }).waitFor();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(page.getByTestId("dashboard-card").count()).resolves.toBeGreaterThanOrEqual(5);
    await page.unrouteAll();
    // Back online, the switch works again and the notice goes with the next reload.
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Active Now for Scarlett"]')?.getAttribute("aria-pressed") === "true",
    );
    await page.getByTestId("dashboard-stale").waitFor({ state: "detached" });
    // The notice can go with the reload the realtime event asked for, before the switch's own reload has
    // landed; a tap while the switch is still on its way is not taken (it says so with aria-busy).
    await expect.poll(() => toggle.getAttribute("aria-busy")).toBeNull();
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Active Now for Scarlett"]')?.getAttribute("aria-pressed") === "false",
    );
    await page.waitForLoadState("networkidle");
    await context.close();
  });

  it("shows a skeleton while it loads after coming from another page", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await logIn(page);
    await page.goto("/");
    await hydrated(page);
    // Only the dashboard's own data is held back; the root's (who is signed in) answers at once.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) =>
        url.pathname === "/dashboard.data" && (url.searchParams.get("_routes") ?? "").includes("routes/dashboard"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    // Held until the skeleton has been seen: it shows while the data is on its way, however slow the machine.
    await page.getByTestId("dashboard-skeleton").waitFor({ state: "visible" });
    release();
    await page.getByRole("heading", { name: "Your Listings" }).waitFor();
    await expect(page.getByTestId("dashboard-skeleton").count()).resolves.toBe(0);
    await context.close();
  });

  it("turns Active Now off on screen by itself when the window runs out", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    // The window's end is crossed by moving both clocks past it, not waited out: the page's, whose timer reloads
    // the cards, and the server's, which then answers that the window is over.
    await page.clock.install();
    await logIn(page);
    const until = Date.now() + 60_000;
    await d1(`UPDATE listings SET active = 1, active_until = ${until} WHERE id = '${throwawayId}'`);
    await page.reload();
    await hydrated(page);
    const status = card(page, THROWAWAY).getByTestId("listing-status");
    // The throwaway listing has no plan (docs/billing.md): the line says so.
    await expect(status.textContent()).resolves.toBe("Active · Unpaid");
    const reload = page.waitForRequest((r) => r.method() === "GET" && new URL(r.url()).pathname === "/dashboard.data");
    try {
      await setServerClock(until + 5_000);
      // Past the window and the page's second of slack (routes/dashboard.tsx).
      await page.clock.fastForward(65_000);
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[aria-labelledby="listing-name-${id}"] [data-testid="listing-status"]`)
            ?.textContent === "Inactive · Unpaid",
        throwawayId,
      );
      await reload;
    } finally {
      await setServerClock(null);
    }
    await context.close();
  });

  it("opens the menu as a drawer with a backdrop on a phone", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await logIn(page);
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByTestId("drawer-open").click();
    await menu.getByRole("link", { name: "Manage" }).waitFor({ state: "visible" });
    await expect(menu.getByRole("link", { name: "Get Verified" }).isVisible()).resolves.toBe(true);
    await page.getByTestId("drawer-backdrop").click({ position: { x: MOBILE.width - 20, y: MOBILE.height / 2 } });
    await menu.waitFor({ state: "hidden" });
    // Escape closes it too.
    await page.getByTestId("drawer-open").click();
    await menu.getByRole("link", { name: "Help" }).waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the dashboard and the settings screen at ${viewport.width} px have no serious or critical violations`, async () => {
      const { context, page } = await b.visitor({ bypassCSP: true, viewport });
      await logIn(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (viewport === MOBILE) {
        await page.getByTestId("drawer-open").click();
        await page
          .getByRole("navigation", { name: "Dashboard" })
          .getByRole("link", { name: "Manage" })
          .waitFor({ state: "visible" });
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.goto("/managesub");
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("/managesub", () => {
  it("deletes a listing only after the confirmation, then reloads the list", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    await logIn(page);
    await page.goto("/managesub");
    await hydrated(page);
    // The throwaway listing (and Coco) are unpaid: each says so, and the spec's upgrade link stays.
    await page
      .getByTestId("managed-listing")
      .filter({ hasText: THROWAWAY })
      .getByText("Unpaid", { exact: true })
      .waitFor();
    await expect(page.getByRole("link", { name: "Upgrade Plan" }).getAttribute("href")).resolves.toBe("/subscriptions");
    const row = page.getByTestId("managed-listing").filter({ hasText: THROWAWAY });
    await row.waitFor();

    // Cancel in the browser's prompt: nothing happens.
    const questions: string[] = [];
    page.once("dialog", (d) => {
      questions.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("button", { name: `Delete Listing ${THROWAWAY}` }).click();
    await page.waitForTimeout(300);
    await expect(row.count()).resolves.toBe(1);

    page.once("dialog", (d) => {
      questions.push(d.message());
      void d.accept();
    });
    await page.getByRole("button", { name: `Delete Listing ${THROWAWAY}` }).click();
    await page.getByText("The listing has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    expect(questions).toEqual([deleteListingConfirm(THROWAWAY), deleteListingConfirm(THROWAWAY)]);

    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Sienna", exact: true }).waitFor();
    await expect(card(page, THROWAWAY).count()).resolves.toBe(0);
    await context.close();
  });

  it("deletes the whole account after confirming with the password: local storage cleared, signed out, home page", async () => {
    const { context, page } = await b.visitor({ viewport: DESKTOP });
    const leaving = await insertAccount({ firstName: "Leaving" });
    const { email } = leaving;
    await enterAs(page, leaving);
    await page.evaluate(() => {
      localStorage.setItem("currentProfileDraft", "{}");
      localStorage.setItem("user", '{"userId":"x"}');
    });

    await page.goto("/managesub");
    await hydrated(page);
    // The question is asked in the page, with the current password (docs/accounts.md); no browser dialog.
    page.once("dialog", (d) => void d.dismiss());
    await page.getByRole("button", { name: "Delete My Account" }).click();
    const step = page.getByTestId("delete-confirm");
    await step.getByText(DELETE_ACCOUNT_CONFIRM).waitFor();
    await step.getByLabel("Current password").fill("not-the-password");
    await step.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(step.getByTestId("current-password-error").textContent()).resolves.toBe(
      "That is not your current password.",
    );
    await step.getByLabel("Current password").fill("a-long-password");
    await step.getByRole("button", { name: "Yes, delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // What the account left in this browser is gone (the home page may store its own things afresh).
    expect(
      await page.evaluate(() => [localStorage.getItem("currentProfileDraft"), localStorage.getItem("user")]),
    ).toEqual([null, null]);
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");
    // The account is gone: its password no longer logs in.
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-long-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid email or password").waitFor();
    await context.close();
  });
});

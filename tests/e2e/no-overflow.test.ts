// Nothing wider than the phone: every page of app/routes/ (signed out, as an Independent, as an Agency and as
// an administrator, with real ids from the seeded store) and the editor's page 3 with weekly hours and a tour
// stop added (creating and editing) must not scroll sideways at 320, 360 or 390 px: the document is never
// wider than the window. A failure lists what sticks out, so the fix can be found.
// Not walked: the JSON API (api.*), downloads and files (account.your-data_.archive,
// admin.verification-files, robots.txt, sitemap.xml), and routes that only take a POST or redirect
// (age-verification, logout, likes, admin.listing-actions).
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { nzDate } from "../../app/platform/time/nz-time";
import { hydrated, useBrowser } from "./browser";
import { d1, d1Rows, makeAdministrator, signInAdmin, signInAs } from "./people";
import type { Administrator } from "./people";
import { useOwnProvider } from "./providers";
import { addPhotos, colourPhotos } from "./new-listing";

const b = useBrowser();
const independent = useOwnProvider("independent");
const agency = useOwnProvider("agency");
let admin: Administrator;

const WIDTHS = [320, 360, 390];
const MADE_UP_TOKEN = "A".repeat(43);

/** The document's width against the window's, and the elements that reach past its right edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticking: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      for (const el of document.body.querySelectorAll("*")) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 0.5) continue;
        const text = (el.textContent ?? "").trim().slice(0, 30);
        sticking.push(
          `<${el.tagName.toLowerCase()} class="${String(el.getAttribute("class")).slice(0, 50)}"> "${text}"`,
        );
        if (sticking.length === 5) break;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, sticking };
  });
}

/** Opens each path and checks it at every width; answers what overflowed, empty when nothing did. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    const response = await page.goto(path);
    expect(response?.status() ?? 0, path).toBeLessThan(500);
    await hydrated(page);
    for (const id of await renderedRoutes(page)) walkedRoutes.add(id);
    failures.push(...(await atEveryWidth(page, path)));
  }
  return failures;
}

/** Route modules of app/routes/ that some walk rendered (Remix's route ids, e.g. "routes/dashboard"). */
const walkedRoutes = new Set<string>();

function renderedRoutes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys((window as unknown as { __remixRouteModules?: object }).__remixRouteModules ?? {}),
  );
}

/** Page routes not walked, and why: every other file of app/routes/ must be rendered by some walk below. */
const NOT_WALKED: Record<string, string> = {
  "account.your-data_.archive": "a download",
  "admin.verification-files.$requestId.$index": "an image file",
  "age-verification": "takes a POST and redirects",
  logout: "takes a POST and redirects",
  "likes.$modelId": "takes a POST and redirects",
  "admin.listing-actions": "takes a POST and redirects",
  "robots[.]txt": "a text file",
  "sitemap[.]xml": "an XML file",
  "dashboard_.insights[.]csv": "a CSV download",
  "locations._index": "redirects to a region or home",
  "profile.$modelId": "redirects to /view/{id}",
  // Walked as /no-such-page: a 404 shows the root's error page, so the splat route's module is not rendered.
  $: "the 404 page, walked as /no-such-page",
  "managesub_.receipts.$id": "the seeded store has no receipt to open",
  "admin.takedown-proof.$caseId": "an image file",
  // A case needs a complaint first: tests/e2e/takedowns.test.ts walks it at 390 px and checks its width.
  "dashboard_.takedowns.$caseId": "walked by tests/e2e/takedowns.test.ts",
  // An appeal needs a refusal of the walker's own; its page is one text box under InfoPage (tests/workers/appeals.test.ts).
  "appeal.$kind.$id": "needs a refusal to appeal",
  // The page frame the Worker renders for itself to take a signed-in person's header from (decision 0070).
  "signed-in-parts": "the Worker's own render; a 404 to everyone else",
};

async function atEveryWidth(page: Page, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const o = await overflow(page);
    if (o.scrollWidth > o.innerWidth)
      failures.push(`${label} at ${width}: ${o.scrollWidth} px wide; ${o.sticking.join(" | ")}`);
  }
  return failures;
}

async function listingIds(email: string) {
  return d1Rows<{ id: string; live: number }>(
    "SELECT l.id, l.live FROM listings l JOIN users u ON u.id = l.user_id WHERE u.email = ? ORDER BY l.created_at",
    email,
  );
}

beforeAll(async () => {
  admin = await makeAdministrator("Overflow");
});

describe("no page is wider than a phone", () => {
  it("signed out", async () => {
    const [live] = await d1Rows<{ id: string; user_id: string }>(
      "SELECT id, user_id FROM listings WHERE live = 1 ORDER BY created_at LIMIT 1",
    );
    // An agency page with that listing on it (docs/decisions/0059-agency-page.md): long words in its details.
    await d1(
      "INSERT OR IGNORE INTO agencies (user_id, name, slug, regions, description, contact_line, opening_hours, no_certificate_reason, certificate_checked_at, updated_at) VALUES (?, 'Walkthrough Companions Agency', 'walk-agency', 'Auckland,Wellington,Christchurch', ?, 'Text 021 555 0100 or write to bookings@walkthrough-companions-agency.example.nz', 'Monday to Sunday, 10 am until very late', 'A small owner-operated brothel of four: no certificate is needed.', 1, 1)",
      live.user_id,
      "Supercalifragilisticexpialidocious companionship ".repeat(4),
    );
    await d1(
      "INSERT OR IGNORE INTO worker_consents (listing_id, email, state, asked_at, agreed_name, agreed_image_ids, on_agency_page) VALUES (?, 'walk@example.nz', 'agreed', 1, '', '[]', 1)",
      live.id,
    );
    const { page } = await b.visitor();
    const failures = await walk(page, [
      "/",
      "/locations",
      "/locations/Auckland",
      "/search?q=Ruby",
      `/view/${live.id}`,
      `/profile/${live.id}`,
      "/agencies/walk-agency",
      "/favorites",
      "/subscriptions",
      "/faq",
      "/review-times",
      "/about",
      "/contact",
      "/terms",
      "/privacy",
      "/login",
      "/login?action=signup",
      `/login/${MADE_UP_TOKEN}`,
      `/reset-password/${MADE_UP_TOKEN}`,
      `/confirm-email/${MADE_UP_TOKEN}`,
      `/account/email/${MADE_UP_TOKEN}`,
      `/account/email/cancel/${MADE_UP_TOKEN}`,
      `/listing-check/${MADE_UP_TOKEN}`,
      `/consent/${MADE_UP_TOKEN}`,
      `/report/${live.id}`,
      `/takedown/${live.id}`,
      "/contact/safety-net-correction",
      "/no-such-page",
    ]);
    expect(failures).toEqual([]);
  });

  it("as an Independent", async () => {
    const [listing] = await listingIds(independent.email);
    const { context, page } = await b.visitor();
    await signInAs(context, independent);
    const [receipt] = await d1Rows<{ id: string }>(
      "SELECT r.id FROM receipts r JOIN users u ON u.id = r.user_id WHERE u.email = ? LIMIT 1",
      independent.email,
    );
    const failures = await walk(page, [
      "/dashboard",
      "/managesub",
      "/account/two-factor",
      // The two-factor offer after sign-up (decision 0056); this account has no authenticator, so it is shown.
      "/account/secure",
      "/account/your-data",
      "/verification",
      "/photo-verification",
      `/profile/edit/${listing.id}`,
      `/view/${listing.id}`,
      "/subscriptions",
      "/dashboard/safety-net",
      "/dashboard/safety-net/report",
      "/dashboard/insights",
      // Booking requests (decision 0052): the inbox, and the form of Ruby's copy, which takes requests.
      "/dashboard/requests",
      `/view/${listing.id}/request`,
      ...(receipt ? [`/managesub/receipts/${receipt.id}`] : []),
    ]);
    expect(failures).toEqual([]);
  });

  it("as an Agency, through a checkout on the test gateway", async () => {
    const listings = await listingIds(agency.email);
    const hidden = listings.find((l) => !l.live) ?? listings[0];
    const { context, page } = await b.visitor();
    await signInAs(context, agency);
    // A checkout for the listing that is not live: its gateway page and the page it returns to.
    const checkout = await page.request.post("/subscriptions", {
      form: { listingId: hidden.id, tier: "standard" },
      maxRedirects: 0,
    });
    expect(checkout.status()).toBe(303);
    const gateway = new URL(checkout.headers().location!);
    const ref = gateway.pathname.split("/").pop()!;
    const failures = await walk(page, [
      "/dashboard",
      // The roster of the agency's listings (docs/decisions/0060-agency-roster.md).
      "/dashboard/roster",
      "/managesub",
      "/profile/new",
      ...listings.map((l) => `/profile/edit/${l.id}`),
      `/view/${hidden.id}`,
      "/verification",
      "/subscriptions",
      gateway.pathname + gateway.search,
      `/subscriptions/return/${ref}`,
    ]);
    // Cancelled, so no payment of this file's is left open for the other files.
    await page.goto(`/subscriptions/return/${ref}?cancelled=1`);
    expect(failures).toEqual([]);
  });

  it("as an administrator", async () => {
    const [hidden] = await d1Rows<{ id: string }>("SELECT id FROM listings WHERE live = 0 ORDER BY created_at LIMIT 1");
    const { context, page } = await b.visitor();
    await signInAdmin(context, admin);
    const failures = await walk(page, [
      "/",
      "/locations/Auckland",
      `/view/${hidden.id}`,
      "/admin",
      "/admin/verifications",
      "/admin/matches",
      "/admin/safety-net",
      "/admin/reports",
      "/admin/takedowns",
      "/admin/appeals",
      "/admin/subscriptions",
      "/admin/audit",
      "/admin/agencies",
      "/admin/exposure",
      "/dev/outbox",
      "/dashboard",
      "/managesub",
      "/account/two-factor",
    ]);
    expect(failures).toEqual([]);
  });
});

describe("the editor's page 3 with weekly hours and a tour stop", () => {
  let photos: string[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "overflow-photos-"));
    photos = await colourPhotos(dir, [
      { r: 200, g: 60, b: 60 },
      { r: 60, g: 160, b: 80 },
      { r: 60, g: 80, b: 200 },
    ]);
  });

  const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

  async function addHoursAndTourStop(page: Page) {
    await page.getByRole("heading", { name: /^Page 3 of 3/ }).waitFor();
    await page.getByTestId("schedule-add-0").click();
    await page.getByTestId("schedule-add-0").click();
    await page.getByTestId("tour-add").click();
    const stop = page.getByTestId("tour-stop").first();
    await stop.getByRole("combobox").first().selectOption({ index: 1 });
    await stop.locator('input[type="date"]').first().fill(nzDate(Date.now()));
  }

  it("editing a listing", async () => {
    const [listing] = await listingIds(independent.email);
    const { context, page } = await b.visitor({ viewport: { width: 390, height: 844 } });
    await signInAs(context, independent);
    await page.goto(`/profile/edit/${listing.id}`);
    await hydrated(page);
    await page.getByTestId("editor-edit").click();
    await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-next").click();
    await addHoursAndTourStop(page);
    expect(await atEveryWidth(page, "editing, page 3")).toEqual([]);
  });

  it("creating a listing", async () => {
    const { context, page } = await b.visitor({ viewport: { width: 390, height: 844 } });
    await signInAs(context, agency);
    await page.goto("/profile/new");
    await hydrated(page);
    await addPhotos(page, photos);
    await field(page, "Display Name").fill("Overflow");
    await field(page, "Service Location").selectOption("Wellington");
    await field(page, "Contact phone").fill("021 555 0192");
    await field(page, "Place of service").selectOption("Incall & Outcall");
    await field(page, "Tagline").fill("Warm company in the capital");
    await field(page, "Bio").fill("Relaxed, discreet and always on time. Good coffee and great conversation.");
    await page.getByTestId("editor-next").click();
    await page.getByRole("heading", { name: /^Page 2 of 3/ }).waitFor();
    expect(await atEveryWidth(page, "creating, page 2")).toEqual([]);
    await field(page, "Age").fill("29");
    await field(page, "Nationality").selectOption("New Zealand");
    await field(page, "Body type").selectOption("Athletic");
    await page.getByTestId("multi-services").getByText("GFE", { exact: true }).click();
    await page.getByTestId("editor-next").click();
    await addHoursAndTourStop(page);
    expect(await atEveryWidth(page, "creating, page 3")).toEqual([]);
  });
});

// Last, after every walk above: a page added to app/routes/ must be added to a walk (or to NOT_WALKED).
describe("the walks cover app/routes/", () => {
  it("rendered every page route", () => {
    const pages = readdirSync("app/routes")
      .map((file) => file.replace(/\.tsx?$/, ""))
      .filter((name) => !name.startsWith("api.") && !(name in NOT_WALKED));
    expect(pages.filter((name) => !walkedRoutes.has(`routes/${name}`)).join(", ")).toBe("");
  });
});

// The public agency page, /agencies/{slug} (docs/decisions/0059-agency-page.md): the agency's details and the
// live listings whose workers agreed to be shown there, who works today, 'With {agency}' on those profiles only,
// kept by the page cache and made again when a consent or the agency changes, in the sitemap, with structured
// data; an agency that may not publish has no page.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, createListingVia, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertSubscription } from "./fixtures";
import { nzClock } from "~/platform/time/nz-time";

const anonymous = client();

let n = 0;
/** The dashboard's agency form, as a browser posts it (two regions: the field repeats). */
function details(name: string): { multipart: FormData } {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "agency",
    name,
    description: "A small agency on the waterfront.",
    contactLine: "Text 021 555 0100",
    openingHours: "Every day, 10 am to 2 am",
    certificateMode: "certificate",
    certificateNumber: "OC-2025-0142",
    certificateExpires: "2099-06-30",
  }))
    form.append(k, v);
  form.append("regions", "Auckland");
  form.append("regions", "Wellington");
  return { multipart: form };
}

/** An agency that saved its details through the dashboard and whose certificate an administrator checked. */
async function checkedAgency(name: string): Promise<{ agency: SignedIn; slug: string }> {
  const agency = await signedIn({ agency: true });
  expect((await agency.client.post("/dashboard", details(name))).status).toBe(200);
  const admin = await signedIn({ admin: true });
  const checked = await admin.client.post("/admin/agencies", { form: { intent: "check", userId: agency.userId } });
  expect(checked.status).toBe(200);
  const row = await env.DB.prepare("SELECT slug FROM agencies WHERE user_id = ?")
    .bind(agency.userId)
    .first<{ slug: string }>();
  return { agency, slug: row!.slug };
}

/** A listing approved and paid, its worker's consent as given (the consent's own journey: worker-consent.test.ts). */
async function listingWith(agency: SignedIn, firstName: string, consent: { agreed: boolean; onPage: boolean }) {
  const id = await createListingVia(agency, { firstName });
  await insertSubscription(id, agency.userId, { plan: "standard", now: Date.now() });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO worker_consents (listing_id, email, state, asked_at, decided_at, agreed_name, agreed_image_ids, proposed_on_agency_page, on_agency_page) VALUES (?, ?, ?, 0, 0, ?, '[]', 1, ?)",
    ).bind(id, `w${++n}@example.nz`, consent.agreed ? "agreed" : "asked", firstName, consent.onPage ? 1 : 0),
    // Public by the rule exactly when she agreed (the database refuses a live listing the rule hides).
    env.DB.prepare(
      "UPDATE listings SET verified = 1, paid = 1, awaiting_consent = ?, live = ?, updated_at = ? WHERE id = ?",
    ).bind(consent.agreed ? 0 : 1, consent.agreed ? 1 : 0, Date.now(), id),
  ]);
  return id;
}

/** Hours today (NZ weekday) on her weekly schedule, as the editor stores them. */
async function worksToday(id: string) {
  const schedule = Array.from({ length: 7 }, (_, d) =>
    d === nzClock(Date.now()).weekday ? [{ start: "18:00", end: "02:00" }] : [],
  );
  await env.DB.prepare("UPDATE listings SET schedule = ?, available_days = ? WHERE id = ?")
    .bind(JSON.stringify(schedule), 1 << nzClock(Date.now()).weekday, id)
    .run();
}

async function untilHit(path: string): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await anonymous.get(path);
    if (res.headers.get("X-Cache") === "HIT") return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("the agency page", () => {
  it("shows the agency and only the live listings whose workers agreed to it, with who works today", async () => {
    const { agency, slug } = await checkedAgency("Harbour & Co Agency");
    expect(slug).toMatch(/^harbour-and-co-agency(-\d+)?$/);
    const shown = await listingWith(agency, "Sienna", { agreed: true, onPage: true });
    const notOnPage = await listingWith(agency, "Jade", { agreed: true, onPage: false });
    const notAgreed = await listingWith(agency, "Coco", { agreed: false, onPage: true });
    await worksToday(shown);
    expect(
      (
        await env.DB.prepare("SELECT id, live FROM listings WHERE id IN (?, ?, ?) ORDER BY first_name")
          .bind(shown, notOnPage, notAgreed)
          .all<{ id: string; live: number }>()
      ).results.map((r) => r.live),
    ).toEqual([0, 1, 1]);

    const res = await anonymous.get(`/agencies/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Harbour &amp; Co Agency");
    expect(html).toContain("A small agency on the waterfront.");
    expect(html).toContain("Text 021 555 0100");
    expect(html).toContain("Every day, 10 am to 2 am");
    expect(html).toContain("Auckland · Wellington");
    expect(html).toContain(`/view/${shown}`);
    expect(html).toContain("Working today 18:00–02:00");
    expect(html).toMatch(/data-testid="working-today"[^>]*>Sienna \(18:00–02:00\)/);
    // A worker who did not agree to the page, or not at all, is not on it.
    expect(html).not.toContain(`/view/${notOnPage}`);
    expect(html).not.toContain(`/view/${notAgreed}`);
    // The certificate is private.
    expect(html).not.toContain("OC-2025-0142");
    // Structured data: the agency and the profiles it shows.
    const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    const data = JSON.parse(ld![1]) as Record<string, unknown>;
    expect(data).toMatchObject({ "@type": "LocalBusiness", name: "Harbour & Co Agency" });
    expect(JSON.stringify(data)).toContain(`/view/${shown}`);
    expect(JSON.stringify(data)).not.toContain(notOnPage);

    // 'With {agency}' on her profile only, linking to the page.
    const profile = await (await anonymous.get(`/view/${shown}`)).text();
    expect(profile).toMatch(new RegExp(`href="/agencies/${slug}"[^>]*>With Harbour &amp; Co Agency`));
    const other = await (await anonymous.get(`/view/${notOnPage}`)).text();
    expect(other).not.toContain("/agencies/");
    expect(other).not.toContain("With Harbour");
    const json = (await (await anonymous.get(`/api/model/${notOnPage}`)).json()) as { agency: unknown };
    expect(json.agency).toBeNull();

    // In the sitemap.
    const sitemap = await (await anonymous.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/agencies/${slug}</loc>`);

    // Her roster shift today replaces her weekly hours in 'Working today' (docs/decisions/0060-agency-roster.md).
    await env.DB.prepare(
      "INSERT INTO roster_shifts (listing_id, date, start_time, end_time) VALUES (?, ?, '20:00', '23:00')",
    )
      .bind(shown, nzClock(Date.now()).date)
      .run();
    const rostered = await (await anonymous.get(`/agencies/${slug}`)).text();
    expect(rostered).toMatch(/data-testid="working-today"[^>]*>Sienna \(20:00–23:00\)/);
    await env.DB.prepare("UPDATE roster_shifts SET start_time = NULL, end_time = NULL WHERE listing_id = ?")
      .bind(shown)
      .run();
    const off = await (await anonymous.get(`/agencies/${slug}`)).text();
    expect(off).toContain("No one listed here is working today.");
  });

  it("is kept by the page cache and made again when a worker's consent or the agency changes", async () => {
    const { agency, slug } = await checkedAgency("Harbour Lights");
    const shown = await listingWith(agency, "Ruby", { agreed: true, onPage: true });
    const later = await listingWith(agency, "Mia", { agreed: true, onPage: false });
    const path = `/agencies/${slug}`;
    expect((await anonymous.get(path)).headers.get("X-Cache")).toBe("MISS");
    await untilHit(path);

    // Mia agrees to the page: a consent's change alone (no live listing changed) makes the page again.
    await env.DB.prepare("UPDATE worker_consents SET on_agency_page = 1 WHERE listing_id = ?").bind(later).run();
    const after = await anonymous.get(path);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain(`/view/${later}`);

    // A new name: the page moves to its new slug, and her profile's link follows (its KV snapshot is not reused).
    expect((await anonymous.get(`/view/${shown}`)).status).toBe(200);
    await untilHit(`/view/${shown}`);
    expect((await agency.client.post("/dashboard", details("Harbour Nights"))).status).toBe(200);
    const renamed = await env.DB.prepare("SELECT slug FROM agencies WHERE user_id = ?")
      .bind(agency.userId)
      .first<{ slug: string }>();
    expect(renamed!.slug).toMatch(/^harbour-nights(-\d+)?$/);
    const profile = await (await anonymous.get(`/view/${shown}`)).text();
    expect(profile).toContain("With Harbour Nights");
    expect(profile).toContain(`/agencies/${renamed!.slug}`);
    // The old address moves to the new one (docs/decisions/0065-agency-slugs-kept.md).
    const moved = await anonymous.get(path);
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("Location")!, "http://x").pathname).toBe(`/agencies/${renamed!.slug}`);
  });

  it("an agency that may not publish has no page, and its link is gone; a made-up slug is a 404", async () => {
    const { agency, slug } = await checkedAgency("Harbour Point");
    const shown = await listingWith(agency, "Amber", { agreed: true, onPage: true });
    expect((await anonymous.get(`/agencies/${slug}`)).status).toBe(200);
    const admin = await signedIn({ admin: true });
    expect(
      (await admin.client.post("/admin/agencies", { form: { intent: "suspend", userId: agency.userId } })).status,
    ).toBe(200);
    expect((await anonymous.get(`/agencies/${slug}`)).status).toBe(404);
    expect((await anonymous.get(`/view/${shown}`)).status).toBe(404);
    const sitemap = await (await anonymous.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain(`/agencies/${slug}<`);
    for (const bad of ["no-such-agency", "Harbour%20Point", "..%2Fadmin", "a".repeat(80)])
      expect((await anonymous.get(`/agencies/${bad}`)).status, bad).toBe(404);
  });

  it("two agencies of the same name get different pages", async () => {
    const one = await checkedAgency("Twin Harbour");
    const two = await checkedAgency("Twin Harbour");
    expect(one.slug).not.toBe(two.slug);
    expect(two.slug.startsWith(one.slug.replace(/-\d+$/, ""))).toBe(true);
  });

  it("adds no places to the grids, and the plans page and the FAQ say agency listings take turns like everyone's", async () => {
    const { agency, slug } = await checkedAgency("Harbour Fair");
    const shown = await listingWith(agency, "Ivy", { agreed: true, onPage: true });
    expect((await anonymous.get(`/agencies/${slug}`)).status).toBe(200);
    const { location } = (await env.DB.prepare("SELECT location FROM listings WHERE id = ?")
      .bind(shown)
      .first<{ location: string }>())!;
    const grid = (await (await anonymous.get(`/api/grid?region=${encodeURIComponent(location)}&pages=12`)).json()) as {
      cards: { modelId: string }[];
    };
    // Once, like any listing: the agency page is not a grid and puts nothing into one.
    expect(grid.cards.filter((c) => c.modelId === shown)).toHaveLength(1);
    const live = await env.DB.prepare("SELECT count(*) AS n FROM listings WHERE live = 1 AND location = ?")
      .bind(location)
      .first<{ n: number }>();
    expect(grid.cards.length).toBe(Math.min(live!.n, 96));
    const words = "Agency listings take their turns like everyone else&#x27;s";
    expect(await (await anonymous.get("/faq")).text()).toContain(words);
    expect(await (await anonymous.get("/subscriptions")).text()).toContain(words);
  });
});

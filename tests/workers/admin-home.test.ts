// The administrators' home and the screens that scale (docs/decisions/0026 is about sign-in; these are the
// admin tools): queue counts that match their queues, where an administrator lands after signing in,
// /admin/subscriptions' counts, search, filters and paging, and audit entries that keep a listing's name.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SUBSCRIPTIONS_PAGE_SIZE } from "~/features/billing/admin-subscriptions";
import { newId } from "~/platform/data/ids";
import { GRACE_MS, WEEK_MS } from "~/features/billing/subscriptions";
import { PASSWORD } from "./auth-fixtures";
import { client, signedIn } from "./client";
import { insertListing, insertSubscription, insertUser } from "./fixtures";

const HOUR = 60 * 60_000;

/** The page's text with React's comment separators removed. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** data-count of a queue's card on /admin. */
function queueCount(html: string, key: string): number {
  const match = html.match(new RegExp(`data-testid="queue-${key}" data-count="(\\d+)"`));
  if (!match) throw new Error(`no ${key} queue on the page`);
  return Number(match[1]);
}

async function pastDue(owner: { userId: string }, firstName: string) {
  const now = Date.now();
  const id = await insertListing({ userId: owner.userId, firstName, live: true });
  await insertSubscription(id, owner.userId, {
    status: "past_due",
    periodStart: now - WEEK_MS - 1000,
    periodEnd: now - 1000,
    graceUntil: now + GRACE_MS,
  });
  return id;
}

describe("/admin: the administrators' home", () => {
  it("counts what waits in each queue, the same rows the queues list", async () => {
    const admin = await signedIn({ admin: true, firstName: "Aroha" });
    const owner = await signedIn();
    const now = Date.now();
    const empty = await text(await admin.client.get("/admin"));
    for (const key of ["verifications", "reports", "open-payments", "stray-payments", "failed-renewals"])
      expect(queueCount(empty, key)).toBe(0);
    expect(empty).toContain("Kia ora Aroha");

    const listing = await insertListing({ userId: owner.userId, firstName: "Mere" });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, r2_keys, created_at) VALUES (?, 'id', ?, ?, 'pending', '[]', ?)",
      ).bind(newId(), listing, owner.userId, now),
      // A decided request waits for nobody.
      env.DB.prepare(
        "INSERT INTO verification_requests (id, kind, listing_id, user_id, status, r2_keys, created_at) VALUES (?, 'photo', ?, ?, 'approved', '[]', ?)",
      ).bind(newId(), listing, owner.userId, now),
      env.DB.prepare(
        "INSERT INTO reports (id, listing_id, reason, details, created_at) VALUES (?, ?, 'other', 'Details', ?)",
      ).bind(newId(), listing, now),
      env.DB.prepare(
        "INSERT INTO reports (id, listing_id, reason, details, created_at) VALUES (?, ?, 'other', 'Details', ?)",
      ).bind(newId(), listing, now),
      // Open for three hours: left open. Open for ten minutes: not yet.
      env.DB.prepare(
        `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, created_at, updated_at)
         VALUES (?, ?, ?, 'checkout', 'standard', 3500, 'open', 'test', ?, ?)`,
      ).bind(`pay_${newId()}`, listing, owner.userId, now - 3 * HOUR, now - 3 * HOUR),
      env.DB.prepare(
        `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, created_at, updated_at)
         VALUES (?, ?, ?, 'checkout', 'featured', 3500, 'open', 'test', ?, ?)`,
      ).bind(`pay_${newId()}`, listing, owner.userId, now - 10 * 60_000, now - 10 * 60_000),
    ]);
    await pastDue(owner, "Kahu");
    await pastDue(owner, "Tui");

    const home = await admin.client.get("/admin");
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("no-store");
    const html = await text(home);
    expect(queueCount(html, "verifications")).toBe(1);
    expect(queueCount(html, "reports")).toBe(2);
    expect(queueCount(html, "open-payments")).toBe(1);
    expect(queueCount(html, "stray-payments")).toBe(0);
    expect(queueCount(html, "failed-renewals")).toBe(2);
    expect(html).toContain('href="/admin/subscriptions?status=past_due"');

    // The queues list as many rows as the home counts.
    const subs = await text(await admin.client.get("/admin/subscriptions"));
    expect(subs.match(/data-testid="failed-renewals"[\s\S]*?<\/ul>/)?.[0].match(/<li/g)).toHaveLength(2);
    const open = await text(await admin.client.get("/admin/subscriptions"));
    expect(open.match(/data-testid="open-payment-row"/g)).toHaveLength(1);
  });

  it("is for administrators only, and is linked from the header menu", async () => {
    const provider = await signedIn();
    expect((await provider.client.get("/admin")).status).toBe(404);
    const anonymous = await client().get("/admin");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    const admin = await signedIn({ admin: true });
    const html = await text(await admin.client.get("/"));
    expect(html).toContain('href="/admin"');
    expect(await text(await provider.client.get("/"))).not.toContain('href="/admin"');
  });
});

describe("where an administrator lands after signing in", () => {
  async function adminWithPassword() {
    const id = newId();
    const email = `admin-${id}@test.nz`;
    await insertUser({ id, email, accountType: "admin", password: PASSWORD, firstName: "Aroha" });
    return email;
  }

  it("on /admin without a page to go back to (once the second factor is set up), on that page with one", async () => {
    const email = await adminWithPassword();
    // No second factor yet: set-up first, then the admin home.
    const plain = await client().post("/login", { form: { intent: "login", email, password: PASSWORD } });
    expect(plain.status).toBe(302);
    const next = new URL(plain.headers.get("Location") ?? "", "http://localhost");
    expect(next.pathname).toBe("/account/two-factor");
    expect(next.searchParams.get("redirectTo")).toBe("/admin");

    const going = await client().post("/login?redirectTo=%2Fadmin%2Freports", {
      form: { intent: "login", email, password: PASSWORD },
    });
    expect(new URL(going.headers.get("Location") ?? "", "http://localhost").searchParams.get("redirectTo")).toBe(
      "/admin/reports",
    );
  });

  it("a provider still lands on the dashboard", async () => {
    const id = newId();
    const email = `provider-${id}@test.nz`;
    await insertUser({ id, email, password: PASSWORD });
    const res = await client().post("/login", { form: { intent: "login", email, password: PASSWORD } });
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("/admin/subscriptions", () => {
  it("'Failed renewals' counts and lists the past-due rows the table shows", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    for (const name of ["Aria", "Bea", "Cleo"]) await pastDue(owner, name);
    await insertListing({ userId: owner.userId, firstName: "Dana" });
    const html = await text(await admin.client.get("/admin/subscriptions"));
    expect(html).toContain("Failed renewals (3)");
    expect(html).not.toMatch(/Failed renewals<\/h2>\s*<p[^>]*>None/);
    expect(html).toMatch(/data-testid="status-past_due"[^>]*>Past due: payment failed \(3\)/);
    const filtered = await text(await admin.client.get("/admin/subscriptions?status=past_due"));
    expect(filtered.match(/data-testid="subscription-row"/g)).toHaveLength(3);
    expect(filtered).toContain("3 listings");
  });

  it("counts and lists as 'Unpaid' a listing that never had a subscription", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    await insertListing({ userId: owner.userId, firstName: "Paid" });
    await insertListing({ userId: owner.userId, firstName: "Neverpaid", subscription: "none" });
    const html = await text(await admin.client.get("/admin/subscriptions"));
    expect(html).toMatch(/data-testid="status-unpaid"[^>]*>Unpaid \(1\)/);
    expect(html).toContain("All (2)");
    const unpaid = await text(await admin.client.get("/admin/subscriptions?status=unpaid"));
    expect(unpaid.match(/data-testid="subscription-row"/g)).toHaveLength(1);
    expect(unpaid).toContain(">Neverpaid<");
    expect(unpaid).toContain("1 listing");
  });

  it("searches by e-mail or listing name, filters by plan, and pages on the server", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const other = await signedIn();
    const n = SUBSCRIPTIONS_PAGE_SIZE + 2;
    for (let i = 0; i < n; i++)
      await insertListing({ userId: owner.userId, firstName: `Many ${String(i).padStart(2, "0")}` });
    await insertListing({ userId: other.userId, firstName: "Ngaio", featured: true });
    await insertListing({ userId: other.userId, firstName: "100%_odd" });

    const first = await text(await admin.client.get("/admin/subscriptions"));
    expect(first.match(/data-testid="subscription-row"/g)).toHaveLength(SUBSCRIPTIONS_PAGE_SIZE);
    expect(first).toContain(`${n + 2} listings`);
    expect(first).toContain("Page 1 of 2");
    const second = await text(await admin.client.get("/admin/subscriptions?page=2"));
    expect(second.match(/data-testid="subscription-row"/g)).toHaveLength(n + 2 - SUBSCRIPTIONS_PAGE_SIZE);
    expect(second).toContain('rel="prev"');
    // Past the last page: sent to the last, with the search kept.
    const beyond = await admin.client.get("/admin/subscriptions?q=many&page=99");
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("location")).toBe("/admin/subscriptions?q=many&page=2");
    const beyondOne = await admin.client.get("/admin/subscriptions?q=ngaio&page=3");
    expect(beyondOne.headers.get("location")).toBe("/admin/subscriptions?q=ngaio");

    const byName = await text(await admin.client.get("/admin/subscriptions?q=ngaIO"));
    expect(byName.match(/data-testid="subscription-row"/g)).toHaveLength(1);
    expect(byName).toContain(">Ngaio<");
    const byEmail = await text(await admin.client.get(`/admin/subscriptions?q=${encodeURIComponent(other.email)}`));
    expect(byEmail.match(/data-testid="subscription-row"/g)).toHaveLength(2);
    // LIKE's wildcards are plain characters in a search.
    const literal = await text(await admin.client.get("/admin/subscriptions?q=0%25_"));
    expect(literal.match(/data-testid="subscription-row"/g)).toHaveLength(1);

    const featured = await text(await admin.client.get("/admin/subscriptions?plan=featured"));
    expect(featured.match(/data-testid="subscription-row"/g)).toHaveLength(1);
    expect(featured).toContain(">Ngaio<");
    // The status counts are counted within the search, like the table.
    expect(featured).toContain("All (1)");

    // Nonsense parameters are ignored, never a 500.
    const odd = await admin.client.get("/admin/subscriptions?page=-3&status=nope&plan=gold&q=" + "x".repeat(500));
    expect(odd.status).toBe(200);
    expect(await text(odd)).toContain("No listings match.");
  });
});

describe("the audit log", () => {
  it("names a deleted listing as it was named when the action was taken", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const listing = await insertListing({ userId: owner.userId, firstName: "Rangi", live: true });
    const hide = await admin.client.post("/admin/listing-actions", {
      form: { intent: "unlive", listingId: listing, js: "1" },
    });
    expect(hide.status).toBe(200);
    await env.DB.prepare("UPDATE listings SET first_name = 'Renamed' WHERE id = ?").bind(listing).run();
    const del = await admin.client.post("/admin/listing-actions", {
      form: { intent: "delete", listingId: listing, confirmed: "yes", js: "1" },
    });
    expect(del.status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM listings WHERE id = ?").bind(listing).first()).toBeNull();

    const rows = await env.DB.prepare(
      "SELECT action, listing_name FROM admin_audit WHERE listing_id = ? ORDER BY created_at, rowid",
    )
      .bind(listing)
      .all<{ action: string; listing_name: string }>();
    expect(rows.results.map((r) => r.listing_name)).toEqual(["Rangi", "Renamed"]);
    const log = await text(await admin.client.get("/admin/audit"));
    expect(log).toContain('data-testid="audit-listing-name">Rangi<');
    expect(log).toContain('data-testid="audit-listing-name">Renamed<');
  });
});

// The administrators' grid on / and /locations/{region} (spec public §2, §4): every listing, live or not,
// with 'Unverified' / 'Hidden' badges and an action menu, for administrators only; visitors and
// providers never receive a listing that is not live. The menu's form posts, with and without JavaScript.
import { describe, expect, it } from "vitest";
import { adminDeleteConfirm } from "~/features/moderation/moderation";
import { auditRows, listingOf, moderated } from "./admin-fixtures";
import { cast, client } from "./client";
import type { Client } from "./client";

const text = (html: string) => html.replace(/<!-- -->/g, "");

function gridNames(html: string): string[] {
  const grid = html.split('data-testid="listing-grid"')[1] ?? "";
  return [...grid.matchAll(/<h3[^>]*><span class="truncate">([^<]+)<\/span>/g)].map((m) => m[1]);
}

async function seed() {
  const people = await cast();
  await listingOf(people.provider, { firstName: "Livia", live: true, verified: true, location: "Auckland" });
  await listingOf(people.provider, { firstName: "Hidda", live: false, verified: true, location: "Auckland" });
  await listingOf(people.provider, { firstName: "Unvera", live: false, verified: false, location: "Wellington" });
  // No photo yet: administrators still see it (with the placeholder).
  await listingOf(people.provider, {
    firstName: "Nophoto",
    live: false,
    verified: false,
    coverKey: null,
    location: "Auckland",
  });
  return people;
}

describe("the admin grid", () => {
  it("shows every listing with badges and menus to an administrator, live ones only to everyone else", async () => {
    const { admin, provider } = await seed();
    const adminHtml = await (await admin.client.get("/")).text();
    expect(gridNames(adminHtml).sort()).toEqual(["Hidda", "Livia", "Nophoto", "Unvera"]);
    expect(adminHtml).toContain(">Unverified</span>");
    expect(adminHtml).toContain(">Hidden</span>");
    expect(adminHtml).toContain('aria-label="Admin actions for Hidda"');
    // Make Live is offered on the verified hidden listing only; Verify on the unverified ones.
    expect(adminHtml).toContain('aria-label="Make Live Hidda"');
    expect(adminHtml).not.toContain('aria-label="Make Live Unvera"');
    expect(adminHtml).toContain('aria-label="Verify Unvera"');
    expect(adminHtml).toContain('aria-label="Make Unlive Livia"');
    // The region bar still counts live listings only.
    expect(adminHtml).toMatch(/All New Zealand<span[^>]*>1<\/span>/);
    expect(adminHtml).toMatch(/Wellington<span[^>]*>0<\/span>/);

    for (const who of [client(), provider.client]) {
      const html = await (await who.get("/")).text();
      expect(gridNames(html)).toEqual(["Livia"]);
      expect(html).not.toContain("Hidda");
      expect(html).not.toContain("Unvera");
      expect(html).not.toContain("Admin actions");
      expect(html).not.toContain(">Unverified</span>");
    }
  });

  it("does the same on region pages and in /api/grid (endless scroll)", async () => {
    const { admin, provider } = await seed();
    const adminRegion = await (await admin.client.get("/locations/Wellington")).text();
    expect(gridNames(adminRegion)).toEqual(["Unvera"]);
    const visitorRegion = await (await client().get("/locations/Wellington")).text();
    expect(gridNames(visitorRegion)).toEqual([]);

    const names = async (who: Client) =>
      ((await (await who.get("/api/grid?page=1")).json()) as { cards: { firstName: string }[] }).cards
        .map((c) => c.firstName)
        .sort();
    expect(await names(admin.client)).toEqual(["Hidda", "Livia", "Nophoto", "Unvera"]);
    expect(await names(provider.client)).toEqual(["Livia"]);
    expect(await names(client())).toEqual(["Livia"]);
  });
});

describe("the card menu's form posts (/admin/listing-actions)", () => {
  it("refuses anyone but an administrator with 403 and changes nothing", async () => {
    const { provider } = await seed();
    const id = await listingOf(provider, { live: false, verified: true, firstName: "Target" });
    for (const intent of ["verify", "unverify", "live", "hot", "delete"]) {
      const res = await provider.client.post("/admin/listing-actions", {
        form: { intent, listingId: id, js: "1", confirmed: "yes" },
      });
      expect(res.status, intent).toBe(403);
    }
    const anonymous = await client().post("/admin/listing-actions", {
      form: { intent: "live", listingId: id, js: "1" },
    });
    expect(anonymous.status).toBe(401);
    expect(await moderated(id)).toMatchObject({ live: 0, verified: 1, hot: 0 });
    expect(await auditRows()).toEqual([]);
  });

  it("without JavaScript: acts and redirects back to the grid; a delete asks first", async () => {
    const { admin, provider } = await seed();
    const id = await listingOf(provider, { live: false, verified: true, firstName: "Moana" });
    let res = await admin.client.post("/admin/listing-actions", {
      form: { intent: "live", listingId: id, returnTo: "/locations/Auckland?show=hot" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/locations/Auckland?show=hot");
    expect(await moderated(id)).toMatchObject({ live: 1 });

    // Another site's address is never a place to return to.
    res = await admin.client.post("/admin/listing-actions", {
      form: { intent: "hot", listingId: id, returnTo: "//evil.example/" },
    });
    expect(res.headers.get("Location")).toBe("/");

    res = await admin.client.post("/admin/listing-actions", {
      form: { intent: "delete", listingId: id, returnTo: "/" },
    });
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain(adminDeleteConfirm("Moana"));
    expect(await moderated(id)).not.toBeNull();

    res = await admin.client.post("/admin/listing-actions", {
      form: { intent: "delete", listingId: id, returnTo: "/", confirmed: "yes" },
    });
    expect(res.status).toBe(303);
    expect(await moderated(id)).toBeNull();
    expect((await auditRows()).map((r) => r.action)).toEqual(["live", "hot", "delete"]);
  });

  it("with JavaScript: answers data; unverify hides; live on an unverified listing is refused", async () => {
    const { admin, provider } = await seed();
    const id = await listingOf(provider, { live: true, verified: true, firstName: "Kahu" });
    let res = await admin.client.post("/admin/listing-actions", {
      form: { intent: "unverify", listingId: id, js: "1" },
    });
    expect(res.status).toBe(200);
    expect(await moderated(id)).toMatchObject({ verified: 0, live: 0 });
    res = await admin.client.post("/admin/listing-actions", { form: { intent: "live", listingId: id, js: "1" } });
    expect(res.status).toBe(409);
    expect(await moderated(id)).toMatchObject({ live: 0 });
    res = await admin.client.post("/admin/listing-actions", { form: { intent: "explode", listingId: id, js: "1" } });
    expect(res.status).toBe(400);
    expect((await auditRows()).map((r) => r.action)).toEqual(["unverify"]);
  });
});

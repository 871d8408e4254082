// Agency page addresses (docs/decisions/0065-agency-slugs-kept.md): a renamed agency's old address answers 301 to
// its new one, and agencies saved before their pages existed get a slug from migration 0080's backfill.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import migration from "../../drizzle/migrations/0080_agency_slugs_kept.sql?raw";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";

const anonymous = client();

function details(name: string): { multipart: FormData } {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "agency",
    name,
    description: "A small agency by the river.",
    contactLine: "Text 021 555 0199",
    openingHours: "Every day, 10 am to 2 am",
    certificateMode: "certificate",
    certificateNumber: "OC-2025-0777",
    certificateExpires: "2099-06-30",
  }))
    form.append(k, v);
  form.append("regions", "Hamilton");
  return { multipart: form };
}

const slugOf = async (userId: string) =>
  (await env.DB.prepare("SELECT slug FROM agencies WHERE user_id = ?").bind(userId).first<{ slug: string | null }>())!
    .slug;

async function check(agency: SignedIn) {
  const admin = await signedIn({ admin: true });
  const res = await admin.client.post("/admin/agencies", { form: { intent: "check", userId: agency.userId } });
  expect(res.status).toBe(200);
}

describe("a renamed agency", () => {
  it("keeps its old address as a 301 to the new one, until it takes the old name back", async () => {
    const agency = await signedIn({ agency: true });
    expect((await agency.client.post("/dashboard", details("Riverbank Agency"))).status).toBe(200);
    await check(agency);
    const first = (await slugOf(agency.userId))!;
    expect(first).toMatch(/^riverbank-agency/);
    expect((await anonymous.get(`/agencies/${first}`)).status).toBe(200);

    expect((await agency.client.post("/dashboard", details("Riverside Companions"))).status).toBe(200);
    const second = (await slugOf(agency.userId))!;
    expect(second).toMatch(/^riverside-companions/);
    const moved = await anonymous.get(`/agencies/${first}`);
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("Location")!, "http://x").pathname).toBe(`/agencies/${second}`);
    expect(moved.headers.get("Cache-Control")).toBe("no-store");
    expect((await anonymous.get(`/agencies/${second}`)).status).toBe(200);

    // Renamed back: the first address is its page again (no loop), the second now moves to it.
    expect((await agency.client.post("/dashboard", details("Riverbank Agency"))).status).toBe(200);
    expect(await slugOf(agency.userId)).toBe(first);
    expect((await anonymous.get(`/agencies/${first}`)).status).toBe(200);
    const back = await anonymous.get(`/agencies/${second}`);
    expect(back.status).toBe(301);
    expect(new URL(back.headers.get("Location")!, "http://x").pathname).toBe(`/agencies/${first}`);

    // A suspended agency's old address is no more a page than its new one.
    const admin = await signedIn({ admin: true });
    const suspended = await admin.client.post("/admin/agencies", {
      form: { intent: "suspend", userId: agency.userId },
    });
    expect(suspended.status).toBe(200);
    expect((await anonymous.get(`/agencies/${second}`)).status).toBe(404);
    // An address no agency ever had is a 404.
    expect((await anonymous.get("/agencies/never-an-agency")).status).toBe(404);
  });
});

describe("agencies saved before their pages existed", () => {
  it("get the slug their name gives from the migration's backfill, made unique", async () => {
    // The backfill part of the migration, run again on rows without a slug (it only touches those).
    const backfill = migration.slice(migration.indexOf("CREATE TABLE agency_slug_backfill"));
    const statements = backfill
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const a = await signedIn({ agency: true });
    const b = await signedIn({ agency: true });
    const c = await signedIn({ agency: true });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO agencies (user_id, name, updated_at) VALUES (?, ?, 0)").bind(
        a.userId,
        "Kauri & Fern",
      ),
      env.DB.prepare("INSERT INTO agencies (user_id, name, updated_at) VALUES (?, ?, 0)").bind(
        b.userId,
        "Kauri & Fern!",
      ),
      env.DB.prepare("INSERT INTO agencies (user_id, name, updated_at) VALUES (?, ?, 0)").bind(c.userId, "***"),
    ]);
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    const slugs = await Promise.all([a, b, c].map((x) => slugOf(x.userId)));
    const [first, second] = [a, b].sort((x, y) => (x.userId < y.userId ? -1 : 1)).map((x) => slugs[[a, b].indexOf(x)]);
    expect(first).toBe("kauri-and-fern");
    expect(second).toMatch(/^kauri-and-fern-[0-9a-f]{6}$/);
    expect(slugs[2]).toMatch(/^agency(-[0-9a-f]{6})?$/);
    // The scratch table is gone, and a second run changes nothing.
    await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
    expect(await Promise.all([a, b, c].map((x) => slugOf(x.userId)))).toEqual(slugs);
  });
});

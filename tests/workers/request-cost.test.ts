// What a signed-in page costs in D1 ("Cheaper renders"): the round trips and statements one
// request sends through its D1 session, counted by the session itself (observeD1Sessions). A change that
// adds a query to every signed-in page fails here; lower the figures when a change saves one.
import { describe, expect, it } from "vitest";
import { recordD1Sessions } from "./d1-sessions-fixture";
import type { D1SessionRecord } from "./d1-sessions-fixture";
import { signedIn } from "./client";
import { insertListing } from "./fixtures";

const sessions = recordD1Sessions();

async function costOf(get: () => Promise<Response>): Promise<D1SessionRecord & { cache: string | null }> {
  sessions.clear();
  const res = await get();
  expect(res.status).toBe(200);
  await res.text();
  const pages = sessions.records.filter((s) => s.method === "GET");
  expect(pages).toHaveLength(1);
  return { ...pages[0], cache: res.headers.get("X-Cache") };
}

describe("D1 cost of a signed-in page", () => {
  // A grid page is the public copy with the person's own header put in (docs/decisions/0070): once the copy
  // and their header are made, the request reads at most the session from D1 (none when this isolate looked
  // it up in the last seconds), and renders nothing.
  it("/ signed in: the session lookup alone, on the public copy", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const provider = await signedIn();
    // The first request may refresh the session's last-seen time (a write), make the copy and the header.
    await (await provider.client.get("/")).text();
    const cost = await costOf(() => provider.client.get("/"));
    expect(cost.cache).toBe("INCLUDED");
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(1);
  });

  it("/ signed in from a city with listings near it: the same, on that place's copy", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland", suburb: "Ponsonby" });
    const provider = await signedIn();
    const inAuckland = { cf: { city: "Auckland" } };
    await (await provider.client.get("/", inAuckland)).text();
    const cost = await costOf(() => provider.client.get("/", inAuckland));
    expect(cost.cache).toBe("INCLUDED");
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(1);
  });

  it("/locations/{region} signed in: the same", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const provider = await signedIn();
    await (await provider.client.get("/locations/Auckland")).text();
    const cost = await costOf(() => provider.client.get("/locations/Auckland"));
    expect(cost.cache).toBe("INCLUDED");
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(1);
  });

  it("/ for an administrator (whose grid lists hidden listings): rendered", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const admin = await signedIn({ admin: true });
    await (await admin.client.get("/")).text();
    const cost = await costOf(() => admin.client.get("/"));
    expect(cost.cache).toBeNull();
    // The lookup first (it decides between the copy and a render), then the page's batch and the admin grid.
    expect(cost.queries).toBeLessThanOrEqual(3);
  });

  it("/dashboard/insights: the owner's listings ride with the session lookup, then one batch for the range", async () => {
    const provider = await signedIn();
    await insertListing({ firstName: "Ariana", userId: provider.userId });
    await (await provider.client.get("/dashboard/insights?days=90")).text();
    const cost = await costOf(() => provider.client.get("/dashboard/insights?days=90"));
    // The lookup with the owner's listings and e-mail opt-in, then the range, the statement and the covers.
    expect(cost.queries).toBeLessThanOrEqual(2);
  });

  // Every read the dashboard makes rides in the session lookup's batch (decision 0061): a read added beside it,
  // even one run alongside with Promise.all, is a round trip of its own (the two-factor reminder's three were).
  it("/dashboard: one round trip, the session lookup with the owner's rows", async () => {
    const provider = await signedIn();
    await insertListing({ firstName: "Ariana", userId: provider.userId });
    await (await provider.client.get("/dashboard")).text();
    const cost = await costOf(() => provider.client.get("/dashboard"));
    expect(cost.queries).toBe(1);
    // The lookup and the page's 11 selects (listings, photos, notices, ... and the account row: the Safety Net
    // standing, the new booking requests and the two-factor reminder in one).
    expect(cost.statements).toBeLessThanOrEqual(12);
  });

  it("/admin/verifications: one round trip, the session lookup with the queue", async () => {
    const admin = await signedIn({ admin: true });
    await (await admin.client.get("/admin/verifications")).text();
    const cost = await costOf(() => admin.client.get("/admin/verifications"));
    expect(cost.queries).toBe(1);
    expect(cost.statements).toBeLessThanOrEqual(2);
  });
});

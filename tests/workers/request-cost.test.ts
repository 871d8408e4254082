// What a signed-in home page costs in D1 ("Cheaper renders"): the round trips and statements one
// request sends through its D1 session, counted by the session itself (observeD1Sessions). A change that
// adds a query to every signed-in page fails here; lower the figures when a change saves one.
import { describe, expect, it } from "vitest";
import { recordD1Sessions } from "./d1-sessions-fixture";
import type { D1SessionRecord } from "./d1-sessions-fixture";
import { signedIn } from "./client";
import { insertListing } from "./fixtures";

const sessions = recordD1Sessions();

async function costOf(get: () => Promise<Response>): Promise<D1SessionRecord> {
  sessions.clear();
  const res = await get();
  expect(res.status).toBe(200);
  await res.text();
  const pages = sessions.records.filter((s) => s.method === "GET");
  expect(pages).toHaveLength(1);
  return pages[0];
}

describe("D1 cost of a signed-in page", () => {
  it("/ signed in: the session, the grid and the counts in one batch", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const provider = await signedIn();
    // The first request may refresh the session's last-seen time (a write); measure a settled one.
    await (await provider.client.get("/")).text();
    const cost = await costOf(() => provider.client.get("/"));
    // One round trip: the session lookup (shared by the root and page loaders), the grid, the counts and
    // today's touring counts.
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(4);
  });

  it("/ signed in from a city with listings near it: the near-you lists join the batch", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland", suburb: "Ponsonby" });
    const provider = await signedIn();
    const inAuckland = { cf: { city: "Auckland" } };
    await (await provider.client.get("/", inAuckland)).text();
    const cost = await costOf(() => provider.client.get("/", inAuckland));
    // The near-you lists (the suburb's and the region's) join the grid and counts in the batch.
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(6);
  });

  it("/locations/{region} signed in: the same one round trip", async () => {
    await insertListing({ firstName: "Ariana", location: "Auckland" });
    const provider = await signedIn();
    await (await provider.client.get("/locations/Auckland")).text();
    const cost = await costOf(() => provider.client.get("/locations/Auckland"));
    expect(cost.queries).toBeLessThanOrEqual(1);
    expect(cost.statements).toBeLessThanOrEqual(4);
  });

  it("/dashboard/insights: the owner's listings ride with the session lookup, then one batch for the range", async () => {
    const provider = await signedIn();
    await insertListing({ firstName: "Ariana", userId: provider.userId });
    await (await provider.client.get("/dashboard/insights?days=90")).text();
    const cost = await costOf(() => provider.client.get("/dashboard/insights?days=90"));
    // The lookup with the owner's listings and e-mail opt-in, then the range, the statement and the covers.
    expect(cost.queries).toBeLessThanOrEqual(2);
  });
});

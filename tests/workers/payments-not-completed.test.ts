// The owner's list of payments on /managesub: a checkout that was only replaced by another choice (or left)
// charged nothing and failed at nothing, so it reads 'Not completed', never 'Failed'.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedIn } from "./client";
import { insertListing } from "./fixtures";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("payments that were not completed", () => {
  it("lists a replaced checkout as 'Not completed', and a declined one as 'Declined'", async () => {
    const owner = await signedIn();
    const listingId = await insertListing({ userId: owner.userId, live: false, verified: true, subscription: "none" });
    // Standard chosen, then Featured instead before paying: the first checkout is replaced.
    expect((await owner.client.post("/subscriptions", { form: { tier: "standard", listingId } })).status).toBe(303);
    expect((await owner.client.post("/subscriptions", { form: { tier: "featured", listingId } })).status).toBe(303);
    const { results } = await env.DB.prepare(
      "SELECT plan, status, failure FROM payments WHERE listing_id = ? ORDER BY created_at",
    )
      .bind(listingId)
      .all<{ plan: string; status: string; failure: string | null }>();
    expect(results).toEqual([
      { plan: "standard", status: "failed", failure: "Replaced by another checkout" },
      { plan: "featured", status: "open", failure: null },
    ]);
    await env.DB.prepare(
      "UPDATE payments SET status = 'failed', failure = 'Declined' WHERE listing_id = ? AND plan = 'featured'",
    )
      .bind(listingId)
      .run();

    const page = await text(await owner.client.get("/managesub"));
    const outcomes = [...page.matchAll(/data-testid="payment-outcome">([^<]+)</g)].map((m) => m[1]);
    expect(outcomes.sort()).toEqual(["Declined", "Not completed"]);
    expect(page).not.toMatch(/data-testid="payment-outcome">Failed</);
  });
});

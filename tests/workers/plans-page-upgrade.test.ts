// Featured chosen on the plans page for a listing already paid for on Standard is an upgrade (docs/billing.md):
// the owner is sent to its amount-first confirmation on /managesub, not refused as a second subscription.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

async function providerOn(plan: "standard" | "featured", firstName: string) {
  const provider = await signedIn();
  const now = Date.now();
  const listingId = await insertListing({ userId: provider.userId, firstName });
  await insertSubscription(listingId, provider.userId, {
    plan,
    periodStart: now - WEEK_MS / 2,
    periodEnd: now + WEEK_MS / 2,
  });
  return { ...provider, listingId };
}

const payments = async (listingId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE listing_id = ?")
    .bind(listingId)
    .first<{ n: number }>())!.n;

describe("Featured chosen on the plans page for a listing on Standard", () => {
  it("goes to the upgrade, which shows the prorated amount before anything is charged", async () => {
    const provider = await providerOn("standard", "Mere");
    const chose = await provider.client.post("/subscriptions", { form: { tier: "featured" } });
    expect(chose.status).toBe(303);
    expect(chose.headers.get("Location")).toBe(`/managesub?upgrade=${provider.listingId}`);
    const page = await text(await provider.client.get(chose.headers.get("Location")!));
    expect(page).toContain("Upgrade Mere to Featured");
    const amount = /data-testid="upgrade-amount">\$(\d+\.\d\d)</.exec(page)?.[1];
    expect(Number(amount)).toBeGreaterThan(19.9);
    expect(Number(amount)).toBeLessThanOrEqual(20);
    expect(await payments(provider.listingId)).toBe(0);
    // The same for an agency that picked the listing.
    const picked = await provider.client.post("/subscriptions", {
      form: { tier: "featured", listingId: provider.listingId },
    });
    expect(picked.headers.get("Location")).toBe(`/managesub?upgrade=${provider.listingId}`);
  });

  it("keeps the refusal where an upgrade is not the answer, and offers no upgrade of another's listing", async () => {
    const featured = await providerOn("featured", "Aroha");
    const again = await featured.client.post("/subscriptions", { form: { tier: "featured" } });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("This listing already has an active subscription.");
    const standard = await providerOn("standard", "Hine");
    expect((await standard.client.post("/subscriptions", { form: { tier: "standard" } })).status).toBe(409);
    // Someone else's listing, a Featured one, or junk: the page shows no upgrade step.
    for (const id of [standard.listingId, "not-an-id", featured.listingId]) {
      const page = await text(await featured.client.get(`/managesub?upgrade=${id}`));
      expect(page).not.toContain('data-testid="upgrade-confirm"');
    }
  });
});

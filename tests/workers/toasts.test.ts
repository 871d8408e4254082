// The toast (app/ui/Toast.tsx): an action that went through leaves a keyed toast in its own flash
// cookie, the root loader reads it once into the page's one live region, and clears it. Wired to an upgrade
// and to every administrator action on the listings grid (a saved listing announces from the editor itself).
import { describe, expect, it } from "vitest";
import { TOAST } from "~/features/site/toasts";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { listingOf } from "./admin-fixtures";
import { cast, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

function toastCookie(res: Response): string {
  return /(?:^|,\s*)(toast=[^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
}

/** The next page as the browser would load it after `res`: with the session and the toast cookie it set. */
async function nextPage(as: SignedIn, path: string, res: Response) {
  const cookie = toastCookie(res);
  expect(cookie).not.toBe("");
  return as.client.get(path, { headers: { Cookie: ["age_verified=1", as.cookie, cookie].join("; ") } });
}

/** The live region is always in the page; the toast's words are inside it. */
function toastIn(html: string): string | null {
  const region =
    /<div role="status" aria-live="polite" aria-atomic="true"[^>]*data-testid="toast-region">(.*?)<\/div><\/div>/s.exec(
      html,
    );
  if (!html.includes('data-testid="toast-region"')) throw new Error("no toast region in the page");
  return region
    ? region[1]
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

describe("the toast", () => {
  it("confirms an upgrade on the page it comes back to, once", async () => {
    const owner = await signedIn();
    const now = Date.now();
    const listingId = await insertListing({ userId: owner.userId });
    await insertSubscription(listingId, owner.userId, { periodStart: now - WEEK_MS / 2, periodEnd: now + WEEK_MS / 2 });
    const ask = await text(await owner.client.post("/managesub", { form: { intent: "upgradePlan", listingId } }));
    const amount = /data-testid="upgrade-amount">\$(\d+\.\d\d)</.exec(ask)![1];
    const done = await owner.client.post("/managesub", {
      form: {
        intent: "upgradePlan",
        listingId,
        confirmed: "yes",
        expectedCents: String(Math.round(Number(amount) * 100)),
      },
    });
    expect(done.status).toBe(303);
    const page = await nextPage(owner, "/managesub", done);
    const html = await text(page);
    expect(toastIn(html)).toContain(TOAST.upgraded);
    // Read once: the answer clears the cookie.
    expect(page.headers.get("Set-Cookie")).toMatch(/toast=;.*Max-Age=0/);
    // A page without the cookie has the region, empty.
    expect(html).toContain('role="status" aria-live="polite"');
    expect(toastIn(await text(await owner.client.get("/managesub")))).toBeNull();
  });

  it("confirms each administrator action on the grid, with and without JavaScript", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: true, firstName: "Moana" });
    const expected: [string, string][] = [
      ["live", TOAST.adminLive],
      ["hot", TOAST.adminHot],
      ["unhot", TOAST.adminUnhot],
      ["unlive", TOAST.adminUnlive],
      ["unverify", TOAST.adminUnverify],
      ["verify", TOAST.adminVerify],
    ];
    for (const [intent, words] of expected) {
      // A Verify from the grid is confirmed first (the menu asks whether an ID request waits).
      const form: Record<string, string> = { intent, listingId: id, js: "1" };
      if (intent === "verify") form.confirmed = "yes";
      const res = await admin.client.post("/admin/listing-actions", { form });
      expect(res.status, intent).toBe(200);
      expect(toastIn(await text(await nextPage(admin, "/", res))), intent).toContain(words);
    }
    const deleted = await admin.client.post("/admin/listing-actions", {
      form: { intent: "delete", listingId: id, returnTo: "/", confirmed: "yes" },
    });
    expect(deleted.status).toBe(303);
    expect(toastIn(await text(await nextPage(admin, "/", deleted)))).toContain(TOAST.adminDelete);
  });

  it("says nothing for a refused action, and ignores a cookie it did not write", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const refused = await admin.client.post("/admin/listing-actions", {
      form: { intent: "live", listingId: id, js: "1" },
    });
    expect(refused.status).toBe(409);
    expect(toastCookie(refused)).toBe("");
    const forged = await admin.client.get("/", {
      headers: { Cookie: ["age_verified=1", admin.cookie, "toast=%22%3Cscript%3E%22"].join("; ") },
    });
    expect(toastIn(await text(forged))).toBeNull();
  });
});

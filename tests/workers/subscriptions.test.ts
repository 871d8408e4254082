import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TIER_ERROR } from "~/core/plans";
import { client, signedIn } from "./client";
import type { Body, Client } from "./client";
import { h1s, h2s, outline } from "./page-outline";

const visitor = client();

function subscribe(body: Body, as: Client = visitor) {
  return as.post("/subscriptions", body);
}

async function planRows() {
  const { results } = await env.DB.prepare(
    "SELECT user_id, tier, price_cents, status FROM plan_requests ORDER BY created_at",
  ).all();
  return results;
}

/** The opening tag of a plan card and the text of its button. */
function card(html: string, tier: string) {
  const start = html.indexOf(`data-testid="plan-${tier}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("</article>", start);
  const chunk = html.slice(html.lastIndexOf("<article", start), end);
  const button = chunk.match(/<button[^>]*>([^<]*)<\/button>/)?.[1] ?? "";
  return { chosen: /data-chosen="true"/.test(chunk), button: button.replace(/&#x27;/g, "'") };
}

describe("/subscriptions page", () => {
  it("shows the two plans, the information sections and the payment notice", async () => {
    const res = await visitor.get("/subscriptions");
    expect(res.status).toBe(200);
    const html = await res.clone().text();
    const page = await outline(res);
    expect(h1s(page)).toEqual(["Choose Your Subscription"]);
    expect(h2s(page)).toEqual(
      expect.arrayContaining(["Standard", "Featured", "How it works", "Good to know", "Secure payments"]),
    );
    for (const text of [
      "$35.00",
      "$75.00",
      "per week",
      "GST",
      "Basic listing",
      "Up to 10 photos",
      "Standard support",
      "Priority in search and on the homepage",
      "Up to 20 photos",
      "Premium support",
      "Featured tag",
      "Recommended",
      "PCI DSS certified",
      "Visa",
      "Mastercard",
      "UnionPay",
      "Cancel any time: cancellation takes effect at the end of the period, with no partial refunds",
      "within 48 hours",
    ]) {
      expect(page.text, text).toContain(text);
    }
    expect(card(html, "standard")).toEqual({ chosen: false, button: "Choose Standard" });
    expect(card(html, "featured")).toEqual({ chosen: false, button: "Choose Featured" });
    // Each card is a real form, so subscribing works without JavaScript.
    expect(html.match(/<form method="post"[^>]*>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('<input type="hidden" name="tier" value="featured"/>');
  });

  it("highlights the tier named in the URL and says so on its button", async () => {
    const html = await (await visitor.get("/subscriptions?tier=featured")).text();
    expect(card(html, "featured")).toEqual({ chosen: true, button: "Featured selected: continue" });
    expect(card(html, "standard")).toEqual({ chosen: false, button: "Choose Standard" });
  });

  it("ignores an unknown tier in the URL", async () => {
    const res = await visitor.get("/subscriptions?tier=%3Cscript%3E");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(card(html, "featured").chosen).toBe(false);
    expect(card(html, "standard").chosen).toBe(false);
  });
});

describe("subscribing", () => {
  it("sends an anonymous visitor to the login page, keeping the chosen tier", async () => {
    for (const tier of ["standard", "featured"]) {
      const res = await subscribe({ form: { tier } });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(`/subscriptions?tier=${tier}`)}`,
      );
    }
    expect(await planRows()).toEqual([]);
  });

  it("refuses a bad tier with a 400 and a clear message, storing nothing", async () => {
    const user = await signedIn();
    for (const who of [visitor, user.client]) {
      for (const body of [
        { form: { tier: "gold" } },
        { form: { tier: "" } },
        { form: { plan: "featured" } },
      ] as Body[]) {
        const res = await subscribe(body, who);
        expect(res.status).toBe(400);
        const page = await outline(res);
        expect(page.text).toContain(TIER_ERROR);
        expect(h1s(page)).toEqual(["Choose Your Subscription"]);
      }
    }
    expect(await planRows()).toEqual([]);
  });

  it("answers a body that is not a form with a 4xx, not a 500", async () => {
    const user = await signedIn();
    for (const [body, type] of [
      ['{"tier":"featured"}', "application/json"],
      ["tier=featured", "multipart/form-data; boundary=nothing"],
      [null, undefined],
    ] as const) {
      const res = await subscribe({ raw: body, type }, user.client);
      expect(res.status, String(type)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(type)).toBeLessThan(500);
    }
    expect(await planRows()).toEqual([]);
  });

  it("keeps the choice of a provider with no listing yet and says no payment was taken", async () => {
    const { userId, client: provider } = await signedIn();
    const res = await subscribe({ form: { tier: "featured" } }, provider);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/subscriptions?tier=featured");
    expect(await planRows()).toEqual([
      { user_id: userId, tier: "featured", price_cents: 7500, status: "pending_payment" },
    ]);

    const after = await provider.get("/subscriptions?tier=featured");
    const html = await after.clone().text();
    const page = await outline(after);
    expect(page.text).toContain("No payment has been taken: create your listing first.");
    expect(page.text).toContain("We have kept your choice of the Featured plan.");
    expect(html).toMatch(/role="status"/);
    expect(card(html, "featured")).toEqual({ chosen: true, button: "Featured requested" });

    // Without a tier in the URL the recorded choice is still the highlighted one.
    expect(card(await (await provider.get("/subscriptions")).text(), "featured").chosen).toBe(true);
  });

  it("keeps one pending request per provider: a new choice replaces the old", async () => {
    const { userId, client: provider } = await signedIn();
    await subscribe({ form: { tier: "featured" } }, provider);
    await subscribe({ form: { tier: "standard" } }, provider);
    await subscribe({ form: { tier: "standard" } }, provider);
    expect(await planRows()).toEqual([
      { user_id: userId, tier: "standard", price_cents: 3500, status: "pending_payment" },
    ]);

    const other = await signedIn();
    await subscribe({ form: { tier: "featured" } }, other.client);
    expect(await planRows()).toHaveLength(2);
  });

  it("shows nothing of another provider's request, and deleting the account deletes the request", async () => {
    const owner = await signedIn();
    await subscribe({ form: { tier: "featured" } }, owner.client);
    const stranger = await signedIn();
    const page = await outline(await stranger.client.get("/subscriptions"));
    expect(page.text).not.toContain("No payment has been taken");

    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(owner.userId).run();
    expect(await planRows()).toEqual([]);
  });

  it("refuses a subscribe form posted from another site", async () => {
    const user = await signedIn();
    const res = await user.client.post(
      "/subscriptions",
      { form: { tier: "featured" } },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await planRows()).toEqual([]);
  });
});

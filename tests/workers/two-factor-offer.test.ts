// Two-factor offered at the start (docs/decisions/0056-two-factor-offered-at-the-start.md): the offer page after
// confirming the address, and the dashboard's reminder until two-factor sign-in is on, with its 'Not now'.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_OFFER, TWO_FACTOR_WHY } from "~/features/accounts/second-factor/two-factor-offer";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";

const DAY = 86_400_000;
/** The skip link's target. */
const skipHref = (html: string) =>
  /<a[^>]*data-testid="two-factor-skip"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1];
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

async function turnOnTotp(who: SignedIn) {
  await env.DB.prepare("INSERT INTO totp_factors (user_id, secret, enabled_at, last_step) VALUES (?, 'sealed', ?, 0)")
    .bind(who.userId, Date.now())
    .run();
}

describe("the offer after confirming the address", () => {
  it("offers the authenticator app or a passkey with the reason, and skips on to where the sign-up was going", async () => {
    const who = await signedIn();
    const res = await who.client.get("/account/secure?redirectTo=%2Fprofile%2Fnew");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await text(res);
    expect(html).toContain(TWO_FACTOR_OFFER.title);
    expect(html).toContain(TWO_FACTOR_WHY);
    expect(html).toContain('href="/account/two-factor?redirectTo=%2Fprofile%2Fnew"');
    expect(html).toContain('data-testid="passkeys"');
    expect(skipHref(html)).toBe("/profile/new");
    // Somewhere off the site is the dashboard.
    const away = await text(await who.client.get("/account/secure?redirectTo=https%3A%2F%2Fevil.example%2F"));
    expect(skipHref(away)).toBe("/dashboard");
  });

  it("goes straight on when two-factor is already on, and asks a signed-out visitor to log in", async () => {
    const who = await signedIn();
    await turnOnTotp(who);
    const res = await who.client.get("/account/secure?redirectTo=%2Fsubscriptions%3Ftier%3Dfeatured");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/subscriptions?tier=featured");
    const out = await client().get("/account/secure");
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toContain("/login");
  });
});

describe("the dashboard's reminder", () => {
  const dismissedAt = (who: SignedIn) =>
    env.DB.prepare("SELECT two_factor_reminder_dismissed_at AS at FROM users WHERE id = ?")
      .bind(who.userId)
      .first<number | null>("at");

  it("shows until two-factor is on; 'Not now' rests it for 30 days", async () => {
    const who = await signedIn();
    let html = await text(await who.client.get("/dashboard"));
    expect(html).toContain('data-testid="two-factor-reminder"');
    expect(html).toContain(TWO_FACTOR_OFFER.reminder);
    expect(html).toContain(TWO_FACTOR_WHY);

    const res = await who.client.post("/dashboard", { form: { intent: "dismissTwoFactor" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(await dismissedAt(who)).toEqual(expect.any(Number));
    html = await text(await who.client.get("/dashboard"));
    expect(html).not.toContain('data-testid="two-factor-reminder"');

    // A month on, two-factor still off: it is back.
    await env.DB.prepare("UPDATE users SET two_factor_reminder_dismissed_at = ? WHERE id = ?")
      .bind(Date.now() - 31 * DAY, who.userId)
      .run();
    expect(await text(await who.client.get("/dashboard"))).toContain('data-testid="two-factor-reminder"');
    await turnOnTotp(who);
    expect(await text(await who.client.get("/dashboard"))).not.toContain('data-testid="two-factor-reminder"');
  });

  it("says a passkey alone leaves the password signing in", async () => {
    const who = await signedIn();
    await env.DB.prepare(
      "INSERT INTO passkeys (id, user_id, user_handle, public_key, name, created_at) VALUES (?, ?, 'h', 'k', 'Phone', ?)",
    )
      .bind(`pk${who.userId.slice(0, 10)}`, who.userId, Date.now())
      .run();
    const html = await text(await who.client.get("/dashboard"));
    expect(html).toContain(TWO_FACTOR_OFFER.reminderPasskey);
  });

  it("'Not now' is the owner's alone: without a session it changes nothing", async () => {
    const who = await signedIn();
    const res = await client().post("/dashboard", { form: { intent: "dismissTwoFactor" } });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(await dismissedAt(who)).toBeNull();
  });
});

// An administrator's powers need a second factor proved in the session itself (docs/accounts.md): a session that
// signed in with the password alone is refused by every admin page and call, and by the admin powers that
// other routes grant (seeing hidden listings, deleting someone else's), until two-factor is done.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditRows, listingOf, moderated } from "./admin-fixtures";
import { cast, signedIn } from "./client";

const MESSAGE = "Administrators must set up two-factor sign-in before using admin tools.";

describe("an administrator without a second factor in this session", () => {
  it("gets 403 with the set-up message from every admin call, and nothing changes", async () => {
    const { provider } = await cast();
    const admin = await signedIn({ admin: true, withoutSecondFactor: true });
    const id = await listingOf(provider, { live: false, verified: true });
    const before = await moderated(id);
    for (const send of [
      () => admin.client.put(`/api/admin/profiles/${id}/verify`, { json: { verify: false } }),
      () => admin.client.put(`/api/admin/profiles/${id}/toggle-live`),
      () => admin.client.put(`/api/admin/profiles/${id}/toggle-hot`),
    ]) {
      const res = await send();
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: MESSAGE });
    }
    expect((await admin.client.delete(`/api/profiles/${id}/listing`)).status).toBe(403);
    expect(await moderated(id)).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it("is sent from every admin page to the two-factor set-up, and back afterwards", async () => {
    const admin = await signedIn({ admin: true, withoutSecondFactor: true });
    for (const path of ["/admin/reports", "/admin/verifications?status=pending", "/admin/audit"]) {
      const res = await admin.client.get(path);
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get("Location") ?? "", "http://x");
      expect(to.pathname).toBe("/account/two-factor");
      expect(to.searchParams.get("required")).toBe("admin");
      expect(to.searchParams.get("redirectTo")).toBe(path);
    }
    // A form post to an admin page changes nothing either.
    const res = await admin.client.post("/admin/reports", { form: { intent: "dismiss", reportId: "x" } });
    expect(res.status).toBe(302);
  });

  it("sees no hidden listing and no admin links until the session proves a second factor", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: true });
    const admin = await signedIn({ admin: true, withoutSecondFactor: true });
    expect((await admin.client.get(`/api/model/${id}`)).status).toBe(404);
    await env.DB.prepare("UPDATE sessions SET second_factor_at = ? WHERE user_id = ?")
      .bind(Date.now(), admin.userId)
      .run();
    expect((await admin.client.get(`/api/model/${id}`)).status).toBe(200);
    expect((await admin.client.get("/admin/audit")).status).toBe(200);
  });
});

describe("an administrator's first sign-in without two-factor", () => {
  it("goes from the password straight to the set-up, whatever redirectTo says, and set-up opens the admin tools", async () => {
    const { createAccount, PASSWORD } = await import("./auth-fixtures");
    const { client, sessionCookieFrom } = await import("./client");
    const { awayFromStepEdge, codeFor } = await import("./two-factor-fixtures");
    const admin = await createAccount({ accountType: "admin" });
    for (const redirectTo of ["/admin/reports", "/dashboard"]) {
      const res = await client().post(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
        form: { intent: "login", email: admin.email, password: PASSWORD, redirectTo },
      });
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get("Location") ?? "", "http://x");
      expect(to.pathname).toBe("/account/two-factor");
      expect(to.searchParams.get("required")).toBe("admin");
      expect(to.searchParams.get("redirectTo")).toBe(redirectTo);
    }
    const res = await client().post("/login", {
      form: { intent: "login", email: admin.email, password: PASSWORD, redirectTo: "/admin/audit" },
    });
    const cookie = sessionCookieFrom(res)!;
    const as = client({ cookie });
    // Refused everywhere admin until set-up is done.
    expect((await as.get("/admin/audit")).status).toBe(302);
    expect((await as.put("/api/admin/profiles/abcdefghijklmnop/toggle-hot")).status).toBe(403);
    const page = await as.get("/account/two-factor?required=admin&redirectTo=%2Fadmin%2Faudit");
    expect(await page.text()).toContain("Administrators must use two-factor sign-in");

    await as.post("/account/two-factor?required=admin&redirectTo=%2Fadmin%2Faudit", { form: { intent: "start" } });
    const html = await (await as.get("/account/two-factor?required=admin&redirectTo=%2Fadmin%2Faudit")).text();
    const secret = html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</)![1].replace(/ /g, "");
    await awayFromStepEdge();
    const done = await as.post("/account/two-factor?required=admin&redirectTo=%2Fadmin%2Faudit", {
      form: { intent: "confirm", code: codeFor(secret), currentPassword: PASSWORD, redirectTo: "/admin/audit" },
    });
    expect(done.status).toBe(200);
    // The recovery codes come first, then the way on to where the administrator was going.
    expect(await done.text()).toMatch(/href="\/admin\/audit"[^>]*>I have saved them: continue/);
    expect((await as.get("/admin/audit")).status).toBe(200);
  });
});

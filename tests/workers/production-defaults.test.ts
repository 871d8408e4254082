// Development conveniences stay local: the outbox answers only on this machine, and links in e-mails come
// from the configured site origin, never from the Host a request names.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { devToolsAllowed, siteOrigin } from "~/platform/http/site-origin.server";
import { createAccount, waitForMail } from "./auth-fixtures";
import { client } from "./client";

describe("/dev/outbox", () => {
  it("answers on this machine in development", async () => {
    for (const origin of ["http://localhost", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      expect((await client({ origin }).get("/dev/outbox")).status, origin).toBe(200);
    }
  });

  it("is a 404 for any other host, even in development", async () => {
    for (const origin of [
      "http://evil.example",
      "https://kiwicompanions.co.nz",
      "http://10.0.0.5:8787",
      "http://localhost.evil.example",
    ]) {
      const res = await client({ origin }).get("/dev/outbox");
      expect(res.status, origin).toBe(404);
      expect(await res.text()).not.toContain("reset-password");
    }
  });

  it("is off in production whatever the host", () => {
    const prod = { APP_ENV: "production" };
    expect(devToolsAllowed(prod, new Request("http://localhost/dev/outbox"))).toBe(false);
    expect(devToolsAllowed({ APP_ENV: "development" }, new Request("http://localhost/dev/outbox"))).toBe(true);
  });
});

describe("links in e-mails", () => {
  it("point at the configured origin, not at a Host the request names", async () => {
    const { email } = await createAccount();
    const res = await client({ origin: "http://evil.example" }).post("/api/auth/request-password-reset", {
      json: { email },
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(email, "Reset your");
    expect(mail.text_body).toContain(`${env.SITE_ORIGIN}/reset-password/`);
    expect(mail.text_body + mail.html_body).not.toContain("evil.example");
  });

  it("use the address opened locally only in development on this machine", () => {
    const dev = { APP_ENV: "development", SITE_ORIGIN: "https://kiwicompanions.co.nz" };
    expect(siteOrigin(dev, new Request("http://localhost:8787/login"))).toBe("http://localhost:8787");
    expect(siteOrigin(dev, new Request("http://evil.example/login"))).toBe("https://kiwicompanions.co.nz");
    const prod = { ...dev, APP_ENV: "production" };
    expect(siteOrigin(prod, new Request("http://localhost:8787/login"))).toBe("https://kiwicompanions.co.nz");
    expect(() => siteOrigin({ APP_ENV: "production", SITE_ORIGIN: "" }, new Request("https://x.example/"))).toThrow(
      /SITE_ORIGIN/,
    );
    expect(() =>
      siteOrigin({ APP_ENV: "production", SITE_ORIGIN: "javascript:alert(1)" }, new Request("https://x.example/")),
    ).toThrow(/SITE_ORIGIN/);
  });
});

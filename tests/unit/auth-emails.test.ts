import { describe, expect, it, vi } from "vitest";
import { confirmEmailEmail, passwordResetEmail, signupAttemptEmail } from "~/features/accounts/auth-emails";
import { escapeHtml } from "../../app/platform/email/template";
import { linkify } from "~/platform/email/linkify";
import { sendEmail, usesDevOutbox } from "~/platform/email/email.server";

describe("account e-mails", () => {
  it("puts the reset link on the given origin, drops markup from names and escapes HTML", () => {
    const mail = passwordResetEmail({
      origin: "https://site.nz",
      token: "T0k",
      firstName: "<b>Ana</b>",
      siteName: "Kiwi Companions",
    });
    expect(mail.text).toContain("https://site.nz/reset-password/T0k");
    expect(mail.html).toContain('<a href="https://site.nz/reset-password/T0k">');
    expect(mail.html).not.toContain("<b>Ana</b>");
    expect(mail.text).toContain("Hi there,");
    expect(
      passwordResetEmail({ origin: "https://site.nz", token: "T0k", firstName: "O'Neil", siteName: "K" }).html,
    ).toContain("O&#39;Neil");
    expect(escapeHtml(`"'&`)).toBe("&#34;&#39;&#38;");
  });

  it("the confirmation mail carries the one-time link, says how long it works and what to do if it was not you", () => {
    const mail = confirmEmailEmail({
      origin: "https://site.nz",
      token: "T0k",
      firstName: "evil.example",
      siteName: "Kiwi Companions",
    });
    expect(mail.subject).toBe("Confirm your e-mail address for Kiwi Companions");
    expect(mail.text).toContain("https://site.nz/confirm-email/T0k");
    expect(mail.html).toContain('<a href="https://site.nz/confirm-email/T0k">');
    expect(mail.text).toContain("It works once, within 24 hours.");
    expect(mail.text).toContain("If it was not you, ignore this e-mail");
    expect(mail.text).toContain("deleted after 7 days");
    // A name a mail client could turn into a link is left out of the greeting.
    expect(mail.text).toContain("Hi there,");
    expect(mail.text + mail.html).not.toContain("evil.example");
    expect(
      confirmEmailEmail({ origin: "https://site.nz", token: "T", firstName: "Ana", siteName: "K" }).text,
    ).toContain("Hi Ana,");
  });

  it("the sign-up attempt mail says nothing was created", () => {
    const mail = signupAttemptEmail({ origin: "https://site.nz", firstName: "Ana", siteName: "Kiwi Companions" });
    expect(mail.subject).toContain("tried to sign up");
    expect(mail.text).toContain("No new account was made");
  });
});

describe("linkify", () => {
  it("splits http(s) links out of text and nothing else", () => {
    expect(linkify("Open http://localhost/reset-password/abc now")).toEqual([
      { kind: "text", value: "Open " },
      { kind: "link", href: "http://localhost/reset-password/abc" },
      { kind: "text", value: " now" },
    ]);
    expect(linkify("javascript:alert(1)")).toEqual([{ kind: "text", value: "javascript:alert(1)" }]);
    expect(linkify("")).toEqual([]);
  });
});

describe("dev outbox switch", () => {
  it("is on only when APP_ENV is development (so /dev/outbox is a 404 anywhere else)", () => {
    expect(usesDevOutbox({ APP_ENV: "development" })).toBe(true);
    expect(usesDevOutbox({ APP_ENV: "production" } as never)).toBe(false);
    expect(usesDevOutbox({} as never)).toBe(false);
  });
});

describe("sendEmail in production", () => {
  const message = { to: "ana@test.nz", subject: "Hi", text: "t", html: "<p>t</p>" };
  const prod = {
    APP_ENV: "production",
    EMAIL_API_URL: "https://mail.example/emails",
    EMAIL_API_KEY: "key",
    EMAIL_FROM: "Site <no-reply@site.nz>",
  };

  it("POSTs Resend-style JSON with the bearer key", async () => {
    const fetcher = vi.fn(async () => new Response("{}", { status: 200 }));
    const ok = await sendEmail(prod as never, message, fetcher as unknown as typeof fetch);
    expect(ok).toBe(true);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://mail.example/emails");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer key");
    expect(JSON.parse(String(init.body))).toEqual({
      from: prod.EMAIL_FROM,
      to: ["ana@test.nz"],
      subject: "Hi",
      text: "t",
      html: "<p>t</p>",
    });
  });

  it("never throws: a provider error or missing settings only log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(
      await sendEmail(
        prod as never,
        message,
        (async () => new Response("no", { status: 500 })) as unknown as typeof fetch,
      ),
    ).toBe(false);
    expect(
      await sendEmail(prod as never, message, (async () =>
        Promise.reject(new Error("down"))) as unknown as typeof fetch),
    ).toBe(false);
    expect(await sendEmail({ APP_ENV: "production" } as never, message)).toBe(false);
    expect(log.mock.calls.flat().join(" ")).not.toContain("ana@test.nz");
    log.mockRestore();
  });
});

describe("greetingName: a stranger's typed name never becomes a link in our mail", () => {
  it("keeps plain names and drops anything a mail client could link", async () => {
    const { greetingName } = await import("~/platform/email/template");
    for (const name of ["Mere", "Mārama", "Anne-Marie", "O'Neil", "Te Aroha"]) expect(greetingName(name)).toBe(name);
    for (const name of [
      "evil.example",
      "www.evil",
      "http://x",
      "a@b.nz",
      "Click here: x.co",
      "",
      "  ",
      "x".repeat(41),
      "<b>",
      "Bob 2",
    ]) {
      expect(greetingName(name), name).toBe("there");
    }
  });
});

import { describe, expect, it } from "vitest";
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { FAQ_GROUPS } from "~/features/shell/faq";
import { signupSchema } from "~/features/accounts/auth-schemas";

describe("FAQ 'How do I post a listing?'", () => {
  it("names the editor's pages in the editor's own order", () => {
    const item = FAQ_GROUPS.flatMap((g) => g.items).find((i) => i.question === "How do I post a listing?");
    const text = item!.answer.join(" ");
    const at = ([1, 2, 3] as const).map((n) => text.indexOf(`${n}. ${EDITOR_PAGE_TITLES[n]}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Photos come first in the editor (page 1), so the answer must not put them last.
    expect(text.indexOf("photos")).toBeLessThan(at[1]);
  });
});

describe("FAQ 'How do I pay?'", () => {
  it("says payment is online, with no promise that someone will get in touch", () => {
    const item = FAQ_GROUPS.flatMap((g) => g.items).find((i) => i.question === "How do I pay?");
    const text = item!.answer.join(" ");
    expect(text).toContain("Subscriptions page and pay on the gateway's secure page");
    expect(text).not.toMatch(/not available|contact you/);
  });
});

describe("FAQ 'How is the order of listings decided?'", () => {
  it("says the order turns fairly within each plan, Featured first, with a fading boost and no paid bumps", () => {
    const item = FAQ_GROUPS.flatMap((g) => g.items).find((i) => i.question === "How is the order of listings decided?");
    const text = item!.answer.join(" ");
    expect(text).toContain("Featured listings always come before Standard ones");
    expect(text).toContain("every 10 minutes");
    expect(text).toContain("fades away over 2 hours");
    expect(text).toContain("nobody can buy a bump");
  });
});

describe("FAQ 'How do I create an account?'", () => {
  it("asks for what sign-up asks for, and puts the phone number on the listing, where it is asked", () => {
    const item = FAQ_GROUPS.flatMap((g) => g.items).find((i) => i.question === "How do I create an account?");
    const text = item!.answer.join(" ");
    // Sign-up takes no phone number (decision 0049): the answer must not say it needs one.
    expect(Object.keys(signupSchema.shape)).not.toContain("phone");
    expect(text).not.toMatch(/need an e-mail address, a password[^.]*phone/);
    expect(text).toContain("You need an e-mail address and a password of at least 8 characters.");
    expect(text).toContain("phone number clients text you on is asked for on your listing");
  });
});

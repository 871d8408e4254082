import { describe, expect, it } from "vitest";
import { FAQ_GROUPS } from "~/features/shell/faq";
import {
  BUSINESS_HOURS,
  COVERAGE,
  PHONE_DISPLAY,
  POSTAL_ADDRESS,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
} from "~/features/site/site";
import { client } from "./client";
import { h1s, h2s, outline } from "./page-outline";

async function page(path: string) {
  const res = await client().get(path);
  expect(res.status, path).toBe(200);
  const html = await res.clone().text();
  return { html, page: await outline(res) };
}

/** No heading skips a level on the way down (h1 then h2, never h1 then h3). */
function expectHeadingOrder(levels: number[]) {
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
}

describe("FAQ", () => {
  it("groups the questions under General, Verification and Subscriptions", async () => {
    const { page: faq } = await page("/faq");
    expect(h1s(faq)).toEqual(["Frequently Asked Questions"]);
    expect(h2s(faq)).toEqual(expect.arrayContaining(["General", "Verification", "Subscriptions"]));
    for (const group of FAQ_GROUPS) for (const item of group.items) expect(faq.text).toContain(item.question);
  });

  it("is an exclusive accordion that works without JavaScript", async () => {
    const { html } = await page("/faq");
    // The FAQ's own (the page's header also has one: the phone menu).
    const details = (html.match(/<details[^>]*>/g) ?? []).filter((tag) => tag.includes("faq-question"));
    const total = FAQ_GROUPS.reduce((n, g) => n + g.items.length, 0);
    expect(details).toHaveLength(total);
    // One shared name: the browser keeps at most one of them open. All start closed.
    for (const tag of details) {
      expect(tag).toContain('name="faq-question"');
      expect(tag).not.toMatch(/\sopen(=|\s|>)/);
    }
    // One summary per question, and the phone menu's.
    expect(html.match(/<summary/g)).toHaveLength(total + 1);
  });

  it("covers the topics of the spec and links to Contact Support", async () => {
    const { html, page: faq } = await page("/faq");
    for (const topic of [
      "How do I create an account?",
      "How do I post a listing?",
      "credit or debit card",
      "third-party payment gateway",
      "How do I edit my listing?",
      "photo ID",
      "typically takes 24-48 hours",
      "What plans are available?",
    ]) {
      expect(faq.text).toContain(topic);
    }
    expect(html).toMatch(/<a[^>]+href="\/contact"[^>]*>Contact Support<\/a>/);
  });
});

describe("About", () => {
  it("states the mission, the three values and the coverage", async () => {
    const { html, page: about } = await page("/about");
    expect(h1s(about)).toEqual(["About Kiwi Companions"]);
    expect(h2s(about)).toEqual(expect.arrayContaining(["Our mission", "Our values", "Where we operate"]));
    const h3 = about.headings.filter((h) => h.level === 3).map((h) => h.text);
    expect(h3).toEqual(["Community", "Nationwide access", "Respect and discretion"]);
    for (const region of COVERAGE) expect(about.text).toContain(region);
    expect(COVERAGE).toEqual(["Auckland", "Wellington", "Christchurch", "Hamilton", "Tauranga", "South Island"]);
    expect(html).toMatch(/<a[^>]+href="\/login"[^>]*>Get Started<\/a>/);
    expectHeadingOrder(about.headings.map((h) => h.level));
  });
});

describe("Contact", () => {
  it("gives the address, e-mail, phone and business hours", async () => {
    const { html, page: contact } = await page("/contact");
    expect(h1s(contact)).toEqual(["Contact Us"]);
    expect(html).toContain(`href="mailto:${SUPPORT_EMAIL}"`);
    expect(html).toContain('href="tel:+6495550142"');
    expect(contact.text).toContain(PHONE_DISPLAY);
    for (const line of POSTAL_ADDRESS) expect(contact.text).toContain(line);
    expect(html).toContain("<address");
    expect(BUSINESS_HOURS).toEqual([
      { days: "Monday to Friday", hours: "9:00 AM to 6:00 PM" },
      { days: "Saturday", hours: "10:00 AM to 4:00 PM" },
      { days: "Sunday", hours: "Closed" },
    ]);
    for (const { days, hours } of BUSINESS_HOURS) {
      expect(contact.text).toContain(days);
      expect(contact.text).toContain(hours);
    }
    expect(contact.text).toContain("E-mail support 24/7");
    expect(contact.text).toContain(PRIVACY_EMAIL);
    expectHeadingOrder(contact.headings.map((h) => h.level));
  });
});

describe("Terms", () => {
  it("has 18 numbered sections and the date", async () => {
    const { page: terms } = await page("/terms");
    expect(h1s(terms)).toEqual(["Terms and Conditions"]);
    expect(terms.text).toContain("Last updated March 20, 2025");
    const numbered = h2s(terms).filter((t) => /^\d+\./.test(t));
    expect(numbered.map((t) => Number.parseInt(t, 10))).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expectHeadingOrder(terms.headings.map((h) => h.level));
  });

  it("covers every topic of the spec", async () => {
    const { page: terms } = await page("/terms");
    for (const phrase of [
      "hosting platform for user-generated classified ads",
      "responsible for their content",
      "Minors are prohibited",
      "Prostitution Reform Act 2003",
      "is false or misleading",
      "is otherwise illegal",
      "non-NZ IP address or through a VPN",
      "Report button",
      "suspend or terminate an account",
      "posting fee is non-refundable",
      "decided case by case",
      "listing is hidden from the public",
      "until you delete it or until it has been inactive for a long time",
      "reactivate it at any time before then by renewing",
      "Upgrades are prorated",
      "Standard",
      "Premium",
      "Featured",
      "within 48 hours",
      "you have 24 hours to respond",
      "takes effect at the end of the billing period",
    ]) {
      expect(terms.text, phrase).toContain(phrase);
    }
  });
});

describe("Privacy", () => {
  it("explains the Privacy Act 2020 rights and what the site stores", async () => {
    const { page: privacy } = await page("/privacy");
    expect(h1s(privacy)).toEqual(["Privacy Policy"]);
    expect(privacy.text).toContain("Last updated November 28, 2026");
    for (const phrase of [
      "Privacy Act 2020",
      "13 information privacy principles",
      "ask for a copy of the personal information",
      "correct it",
      "20 working days",
      "notify the Privacy Commissioner and the people affected",
      "metadata such as camera details and GPS location removed",
      "deleted once the review is finished",
      "random visitor identifier",
      // What counting keeps, and for how long (docs/decisions/0044-counting-keys-lanes-and-bytes.md).
      "we keep a mark for two days",
      "deleted two days later, so from then on nobody, not even us, can tell whose address made a mark",
      "Visit marks, and the daily key that makes them: two days",
      "No browser fingerprinting",
      "No third-party trackers",
    ]) {
      expect(privacy.text, phrase).toContain(phrase);
    }
    for (const principle of [
      "Purpose",
      "Source",
      "Security",
      "Access",
      "Correction",
      "Retention",
      "Disclosure",
      "Unique identifiers",
    ]) {
      expect(privacy.text).toContain(`${principle}.`);
    }
    expectHeadingOrder(privacy.headings.map((h) => h.level));
  });

  it("gives a complaints route for harmful content with the 48-hour process", async () => {
    const { html, page: privacy } = await page("/privacy");
    expect(h2s(privacy)).toContain("Complaints about harmful content");
    expect(html).toContain('id="harmful-content"');
    expect(privacy.text).toContain("Harmful Digital Communications Act 2015");
    expect(privacy.text).toContain("Within 48 hours of receiving your complaint");
    expect(privacy.text).toContain("Netsafe");
  });
});

describe("every information page", () => {
  it("has exactly one h1 and no skipped heading levels", async () => {
    for (const path of ["/faq", "/about", "/contact", "/terms", "/privacy", "/subscriptions"]) {
      const { page: p } = await page(path);
      expect(h1s(p), path).toHaveLength(1);
      expectHeadingOrder(p.headings.map((h) => h.level));
    }
  });
});

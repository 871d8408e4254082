// The Safety Net's correction requests under a flood (docs/decisions/0043-safety-net-second-pass.md): junk from
// many addresses never hides a genuine request from the administrators (a total, pages, those matching a
// current alert first, overdue ones marked); one client network gets a few posts a minute; one contact
// address a few open requests; identical words fold into one request; open requests expire.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sweepSafetyNet } from "~/features/safety-net/sweep.server";
import { count } from "./auth-fixtures";
import { client, inOneLimiterWindow, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./public-fixtures";
import { PHONE, provider, publish, report, reportIds, text } from "./safety-net-fixtures";

const DAY = 86_400_000;

/** A correction request as the contact page sends it, from a fresh client address unless `ip` is given. */
function correction(form: Record<string, string>, ip?: string) {
  return client(ip ? { ip } : {}).post("/contact/safety-net-correction", { form });
}

/** An administrator, and one published alert on PHONE; the alert's id. */
async function publishedAlert(): Promise<{ admin: SignedIn; alertId: string }> {
  const admin = await signedIn({ admin: true });
  const reporter = await provider();
  await report(reporter);
  const [alertId] = await reportIds(reporter.userId);
  expect((await publish(admin, alertId)).status).toBe(200);
  return { admin, alertId };
}

/** The correction cards of one page of the administrators' screen, as text. */
async function correctionCards(admin: SignedIn, page = 1): Promise<{ html: string; cards: string[] }> {
  const html = await text(
    await admin.client.get(page === 1 ? "/admin/safety-net" : `/admin/safety-net?corrections=${page}`),
  );
  const cards = [...html.matchAll(/<li[^>]*data-testid="safety-correction"[\s\S]*?<\/li>/g)].map((m) => m[0]);
  return { html, cards };
}

describe("a flood of junk correction requests", () => {
  it("110 junk requests from 110 addresses: the genuine ones are still reachable by the administrator", async () => {
    const { admin, alertId } = await publishedAlert();
    for (let i = 0; i < 110; i++) {
      const res = await correction({ contact: `junk${i}@spam.test`, message: `Junk request number ${i}, ignore me.` });
      expect(res.status).toBe(200);
    }
    // Three days old: past the 48-hour target.
    await env.DB.prepare("UPDATE safety_corrections SET created_at = ?")
      .bind(Date.now() - 3 * DAY)
      .run();
    // Two genuine requests after the flood: one names the number on the alert, one names nothing.
    const matching = "The alert on my number is wrong: I have never met this provider.";
    const plain = "I think an alert is about me and it is wrong, please call me back.";
    expect((await correction({ contact: "me@person.test", identifier: "0215550199", message: matching })).status).toBe(
      200,
    );
    expect((await correction({ contact: "021 777 0101", message: plain })).status).toBe(200);

    // The first page: the total, the one matching a current alert first, the overdue ones marked.
    const first = await correctionCards(admin);
    expect(first.html).toContain("Correction requests (112)");
    expect(first.html).toContain("1 matches a current alert and comes first; 110 are past 48 hours.");
    expect(first.cards[0]).toContain(matching);
    expect(first.cards[0]).toContain("Matches a current alert");
    expect(first.cards[0]).toContain(`#alert-${alertId}`);
    expect(first.cards.filter((c) => c.includes("Overdue"))).toHaveLength(first.cards.length - 1);
    expect(first.html).toContain("Page 1 of 6");

    // Every request is on some page, once; the plain genuine one is on the last, not overdue.
    const seen: string[] = [...first.cards];
    for (let page = 2; page <= 6; page++) seen.push(...(await correctionCards(admin, page)).cards);
    expect(seen).toHaveLength(112);
    const genuine = seen.filter((c) => c.includes(plain));
    expect(genuine).toHaveLength(1);
    expect(genuine[0]).not.toContain("Overdue");
    expect(genuine[0]).toContain("Reply to: +64217770101");
    // A page past the end shows the last page rather than nothing.
    expect((await correctionCards(admin, 99)).html).toContain("Page 6 of 6");
  }, 120_000);

  it("folds identical words into one request, counted, keeping any alert a copy matched", async () => {
    const { admin, alertId } = await publishedAlert();
    const words = "Remove the alert about me, it is a lie.";
    for (const [i, message] of [words, `  ${words.toUpperCase()} `, words.replace(/ /g, "\n"), words].entries())
      expect((await correction({ contact: `sender${i}@person.test`, message })).status).toBe(200);
    // A copy that names the alerted number: the folded request now matches it.
    const named = await correction({ contact: "another@person.test", identifier: PHONE, message: words });
    expect(named.status).toBe(200);
    expect(await count("safety_corrections")).toBe(1);
    const stored = await rows<{ copies: number; matched_reports: string; contact: string }>(
      "SELECT copies, matched_reports, contact FROM safety_corrections",
    );
    expect(stored).toEqual([{ copies: 5, matched_reports: JSON.stringify([alertId]), contact: "sender0@person.test" }]);
    const { cards } = await correctionCards(admin);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toContain("sent 5 times with the same words");
    expect(cards[0]).toContain("Matches a current alert");
  });

  it("keeps at most three open requests per contact address, with the same answer to every post", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await correction({
        contact: i % 2 ? "Same@Person.test" : "same@person.test",
        message: `Request ${i} about an alert that is wrong.`,
      });
      expect(res.status).toBe(200);
      answers.push((await text(res)).replace(/<script[\s\S]*?<\/script>/g, ""));
    }
    expect(new Set(answers).size).toBe(1);
    expect(await count("safety_corrections")).toBe(3);
    // A phone number written two ways is one contact.
    for (const contact of ["021 555 0123", "+64 21 555 0123", "0215550123", "(021) 555-0123"])
      await correction({ contact, message: `Request from ${contact}, an alert about me is wrong.` });
    expect(await count("safety_corrections", "contact = ?", "+64215550123")).toBe(3);
    // Once one is handled, the address may send another.
    await env.DB.prepare(
      "UPDATE safety_corrections SET status = 'handled', handled_at = ? WHERE contact = ? AND id = (SELECT min(id) FROM safety_corrections WHERE contact = ?)",
    )
      .bind(Date.now(), "same@person.test", "same@person.test")
      .run();
    await correction({ contact: "same@person.test", message: "One more request about a wrong alert." });
    expect(await count("safety_corrections", "contact = ? AND status = 'open'", "same@person.test")).toBe(3);
  });

  it("gives one client network three posts a minute, however many addresses of its /64 it posts from", async () => {
    await inOneLimiterWindow(async (ip) => {
      // A /64 of its own for this attempt, made from the fresh IPv4 address; each post from another address in it.
      const [, , c, d] = ip.split(".").map(Number);
      const net = `2001:db8:${c.toString(16)}:${d.toString(16)}`;
      for (let i = 0; i < 3; i++)
        expect(
          (
            await correction(
              { contact: `c${i}@person.test`, message: `Request ${i} about a wrong alert.` },
              `${net}::${i + 1}`,
            )
          ).status,
        ).toBe(200);
      const fourth = await correction(
        { contact: "c3@person.test", message: "Request 3 about a wrong alert." },
        `${net}:ffff:ffff:ffff:fff0`,
      );
      expect(fourth.status).toBe(429);
      expect(await text(fourth)).toContain("Too many requests");
    });
    // Another network is not held up.
    expect((await correction({ contact: "else@person.test", message: "A request about a wrong alert." })).status).toBe(
      200,
    );
  });
});

describe("open correction requests", () => {
  it("are deleted 60 days after they arrive if nobody handled them", async () => {
    for (const [id, age] of [
      ["fresh", 59],
      ["stale", 61],
    ] as const)
      await env.DB.prepare(
        "INSERT INTO safety_corrections (id, contact, message, created_at) VALUES (?, 'a@b.nz', 'x', ?)",
      )
        .bind(id, Date.now() - age * DAY)
        .run();
    const swept = await sweepSafetyNet(env, Date.now());
    expect(swept.corrections).toBe(1);
    expect((await rows<{ id: string }>("SELECT id FROM safety_corrections")).map((r) => r.id)).toEqual(["fresh"]);
  });
});

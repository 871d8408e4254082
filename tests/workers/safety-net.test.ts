// The Safety Net inside workerd: who may do what, the moderation states with their audit rows, what the
// alerts and the number check answer (and what never changes an answer), the check's daily limit, the
// retention sweep, the correction route, the refusal to run without SAFETY_NET_KEY, and a scan of every
// page, answer and export for a reported identifier in clear text (docs/decisions/0023-safety-net.md).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sweepSafetyNet } from "~/features/safety-net/sweep.server";
import { sendDigests } from "~/features/safety-net/digest.server";
import { getDb } from "~/platform/data/db.server";
import { dayLabel } from "~/platform/time/date-text";
import { readAccountData } from "~/features/dashboard/data-export-rows.server";
import { count, waitForMail } from "./auth-fixtures";
import { auditRows } from "./admin-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./public-fixtures";
import {
  check,
  EMAIL,
  moderate,
  NAME,
  NOW_MONTH,
  PHONE,
  PHONE_FORMS,
  provider,
  publish,
  report,
  reportIds,
  text,
  today,
} from "./safety-net-fixtures";
import worker from "../../workers/app";
import { noReportsText } from "~/features/safety-net/categories";

/** A check that matched no alert says so neutrally, never as an all-clear. */
const NO_REPORTS = noReportsText("number");

describe("who may use the Safety Net", () => {
  it("lets an ID-verified provider in, and no one else: 404 pages, 403 posts, nothing stored", async () => {
    const verified = await provider();
    expect((await verified.client.get("/dashboard/safety-net")).status).toBe(200);
    expect((await verified.client.get("/dashboard/safety-net/report")).status).toBe(200);

    const unverified = await provider("Auckland", { verified: false });
    const paused = await provider("Auckland", { paused: true });
    const noListing = await signedIn();
    for (const p of [unverified, paused, noListing]) {
      expect((await p.client.get("/dashboard/safety-net")).status).toBe(404);
      expect((await report(p)).status).toBe(403);
      expect((await check(p, PHONE)).status).toBe(403);
    }
    const anonymous = client();
    expect((await anonymous.get("/dashboard/safety-net")).status).toBe(302);
    expect((await anonymous.post("/dashboard/safety-net/report", { form: { incidentDate: today() } })).status).toBe(
      403,
    );
    expect((await anonymous.post("/dashboard/safety-net", { form: { intent: "check", query: PHONE } })).status).toBe(
      403,
    );
    expect(await count("safety_reports")).toBe(0);
    expect(await count("safety_checks")).toBe(0);
    // The administrators' queue is theirs alone.
    expect((await verified.client.get("/admin/safety-net")).status).toBe(404);
    expect(
      (await verified.client.post("/admin/safety-net", { form: { intent: "remove", reportId: "x" } })).status,
    ).toBe(404);
  });

  it("shows the menu item only to a verified provider", async () => {
    const verified = await provider();
    expect(await text(await verified.client.get("/dashboard"))).toContain('href="/dashboard/safety-net"');
    const unverified = await provider("Auckland", { verified: false });
    expect(await text(await unverified.client.get("/dashboard"))).not.toContain("/dashboard/safety-net");
  });
});

describe("a report", () => {
  it("is stored with its identifiers as keyed hashes only and its description sealed", async () => {
    const p = await provider();
    const res = await report(p);
    expect(res.status).toBe(201);
    const [row] = await rows<Record<string, unknown>>("SELECT * FROM safety_reports");
    expect(row.status).toBe("pending");
    expect(row.second_look).toBe(1); // the account is minutes old
    expect(String(row.description)).toMatch(/^v1\./);
    // The phone number and the address; the name is not taken (nothing is ever looked up by one).
    expect(await count("safety_identifiers")).toBe(2);
    const dump = JSON.stringify(await rows("SELECT * FROM safety_identifiers")) + JSON.stringify(row);
    for (const s of [...PHONE_FORMS, EMAIL.toLowerCase(), "zebulon", "Refused to pay"]) expect(dump).not.toContain(s);
  });

  it("refuses an unreadable number beside its field, with nothing stored", async () => {
    const p = await provider();
    const res = await report(p, { phones: "021 555 01x9" });
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain("Phone number 1 cannot be read");
    expect(body).toMatch(/id="phones-error"/);
    expect(await count("safety_reports")).toBe(0);
    expect(await count("safety_identifiers")).toBe(0);
  });

  it("takes 5 a week from one account and refuses the sixth with a reason", async () => {
    const p = await provider();
    for (let i = 0; i < 5; i++) expect((await report(p, { phones: "" })).status).toBe(201);
    const sixth = await report(p, { phones: "" });
    expect(sixth.status).toBe(429);
    expect(await text(sixth)).toContain("5 reports in the last 7 days");
    expect(await count("safety_reports")).toBe(5);
  });

  it("marks a report for a second look only when the account is under 14 days old", async () => {
    const p = await provider();
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 20 * 86_400_000, p.userId)
      .run();
    await report(p);
    const [row] = await rows<{ second_look: number }>("SELECT second_look FROM safety_reports");
    expect(row.second_look).toBe(0);
  });

  it("can be withdrawn by its reporter only, which deletes it and its hashes at once", async () => {
    const p = await provider();
    const other = await provider();
    await report(p);
    const [id] = await reportIds(p.userId);
    expect(
      (await other.client.post("/dashboard/safety-net", { form: { intent: "withdraw", reportId: id } })).status,
    ).toBe(404);
    expect((await p.client.post("/dashboard/safety-net", { form: { intent: "withdraw", reportId: id } })).status).toBe(
      200,
    );
    expect(await count("safety_reports")).toBe(0);
    expect(await count("safety_identifiers")).toBe(0);
  });
});

describe("moderation", () => {
  it("publishes, asks, declines, corrects and removes, each with its audit row", async () => {
    const admin = await signedIn({ admin: true });
    const p = await provider();
    await report(p);
    await report(p, { phones: "027 000 1111", emails: "", name: "" });
    await report(p, { phones: "", emails: "", name: "" });
    const [a, b, c] = await reportIds(p.userId);

    const queue = await text(await admin.client.get("/admin/safety-net"));
    expect(queue).toContain("Refused to pay and took the cash from my bag.");
    expect(queue).toContain("Second look");

    // Ask, answer, then publish.
    expect((await moderate(admin, { intent: "ask", reportId: a, question: "Which suburb was it in?" })).status).toBe(
      200,
    );
    expect(await text(await p.client.get("/dashboard/safety-net"))).toContain("Which suburb was it in?");
    // The reporter is told by a discreet e-mail: no question, no details, only a link.
    const told = await waitForMail(p.email, "something new on your dashboard");
    expect(told.text_body).toContain("/dashboard/safety-net");
    expect(told.text_body).not.toContain("suburb");
    expect(
      (await p.client.post("/dashboard/safety-net", { form: { intent: "answer", reportId: a, answer: "Newmarket" } }))
        .status,
    ).toBe(200);
    const [answered] = await rows<{ status: string; answer: string }>(
      "SELECT status, answer FROM safety_reports WHERE id = ?",
      a,
    );
    expect(answered.status).toBe("pending");
    expect(answered.answer).toMatch(/^v1\./);
    expect(await text(await admin.client.get("/admin/safety-net"))).toContain("Newmarket");
    // The reporter still sees the question beside the answer, and the incident's date as people write it.
    const mine = await text(await p.client.get("/dashboard/safety-net"));
    expect(mine).toMatch(/Question: Which suburb was it in\?<\/p><p[^>]*>Your answer: Newmarket/);
    expect(mine).toContain(`, ${dayLabel(today())}</p>`);

    const badAlert = await publish(admin, a, { alertText: "short", alertMonth: "2999-01" });
    expect(badAlert.status).toBe(400);
    expect(await text(badAlert)).toContain("Write the alert in 10 to 600 characters.");
    expect((await publish(admin, a)).status).toBe(200);
    expect((await publish(admin, a)).status).toBe(409);

    // Decline: the reason reaches the reporter, the hashes go.
    expect((await moderate(admin, { intent: "decline", reportId: b, reason: "" })).status).toBe(400);
    expect(
      (await moderate(admin, { intent: "decline", reportId: b, reason: "We could not confirm this." })).status,
    ).toBe(200);
    expect(await count("safety_identifiers", "report_id = ?", b)).toBe(0);
    expect(await text(await p.client.get("/dashboard/safety-net"))).toContain("We could not confirm this.");

    // Correct, then remove: removal deletes the report and its hashes.
    expect((await publish(admin, c)).status).toBe(200);
    expect(
      (
        await moderate(admin, {
          intent: "correct",
          reportId: c,
          alertRegion: "Auckland",
          alertMonth: NOW_MONTH,
          alertCategory: "other",
          alertText: "Corrected text of the alert, with nothing identifying.",
        })
      ).status,
    ).toBe(200);
    const [corrected] = await rows<{ alert_text: string }>("SELECT alert_text FROM safety_reports WHERE id = ?", c);
    expect(corrected.alert_text).toMatch(/^v1\./);
    expect(await text(await admin.client.get("/admin/safety-net"))).toContain(
      "Corrected text of the alert, with nothing identifying.",
    );
    expect((await moderate(admin, { intent: "remove", reportId: a })).status).toBe(200);
    expect(await count("safety_reports", "id = ?", a)).toBe(0);
    expect(await count("safety_identifiers", "report_id = ?", a)).toBe(0);
    expect((await moderate(admin, { intent: "remove", reportId: a })).status).toBe(409);

    const actions = (await auditRows()).map((r) => `${r.action} ${r.report_id}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `safety_ask ${a}`,
        `safety_publish ${a}`,
        `safety_decline ${b}`,
        `safety_publish ${c}`,
        `safety_correct ${c}`,
        `safety_remove ${a}`,
      ]),
    );
    // A refused decision leaves no audit row.
    expect(actions.filter((x) => x === `safety_publish ${a}`)).toHaveLength(1);
    expect(actions.filter((x) => x === `safety_remove ${a}`)).toHaveLength(1);
  });
});

describe("alerts and the number check", () => {
  it("shows published alerts to verified providers in the region or touring it, and answers the check", async () => {
    const admin = await signedIn({ admin: true });
    const reporter = await provider();
    const local = await provider("Auckland");
    const elsewhere = await provider("Christchurch");
    const touring = await provider("Christchurch");
    const [listing] = await rows<{ id: string }>("SELECT id FROM listings WHERE user_id = ?", touring.userId);
    await env.DB.prepare(
      "INSERT INTO tour_stops (listing_id, position, region, suburb, start_date, end_date) VALUES (?, 1, 'Auckland', NULL, ?, ?)",
    )
      .bind(listing.id, today(), today())
      .run();

    await report(reporter);
    const [id] = await reportIds(reporter.userId);
    // Pending: no alert and no answer yet.
    expect(await text(await local.client.get("/dashboard/safety-net"))).not.toContain("Ask for payment first");
    expect(await text(await check(local, "+64 21 555 0199"))).toContain(NO_REPORTS);

    await publish(admin, id);
    expect(await text(await local.client.get("/dashboard/safety-net"))).toContain("Ask for payment first");
    expect(await text(await touring.client.get("/dashboard/safety-net"))).toContain("Ask for payment first");
    expect(await text(await elsewhere.client.get("/dashboard/safety-net"))).not.toContain("Ask for payment first");

    // Any way of writing the number, or the address in another case, finds it; the answer has no text.
    for (const q of ["(021) 555-0199", "+64 (0)21 555 0199", "bad.client@EXAMPLE.test"]) {
      const body = await text(await check(elsewhere, q));
      expect(body).toContain("1 published alert");
      expect(body).toContain(`Theft or refusal to pay, `);
      expect(body).not.toContain("Ask for payment first");
    }
    expect(await text(await check(elsewhere, "021 555 0198"))).toContain(NO_REPORTS);
    // A name is not something the check takes.
    const unreadable = await check(elsewhere, "not a number");
    expect(unreadable.status).toBe(400);
    expect(await text(unreadable)).toMatch(/id="query-error"/);

    // Expired: the answer goes back to no reports, before the sweep has even run.
    await env.DB.prepare("UPDATE safety_reports SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, id)
      .run();
    expect(await text(await check(elsewhere, PHONE))).toContain(NO_REPORTS);
    expect(await text(await local.client.get("/dashboard/safety-net"))).not.toContain("Ask for payment first");
  });

  it("a declined or withdrawn report never changes an answer", async () => {
    const admin = await signedIn({ admin: true });
    const reporter = await provider();
    const checker = await provider();
    await report(reporter);
    await report(reporter);
    const [declined, withdrawn] = await reportIds(reporter.userId);
    await moderate(admin, { intent: "decline", reportId: declined, reason: "Not enough to go on." });
    await publish(admin, withdrawn);
    expect(await text(await check(checker, PHONE))).toContain("1 published alert");
    await reporter.client.post("/dashboard/safety-net", { form: { intent: "withdraw", reportId: withdrawn } });
    expect(await text(await check(checker, PHONE))).toContain(NO_REPORTS);
  });

  it("allows 30 checks a day per account, kept only as the day's total", async () => {
    const p = await provider();
    for (let i = 0; i < 30; i++) expect((await check(p, `021 555 ${String(1000 + i)}`)).status).toBe(200);
    const over = await check(p, "021 555 2000");
    expect(over.status).toBe(429);
    expect(await text(over)).toContain("used today's 30 checks");
    const totals = await rows<{ user_id: string; count: number }>("SELECT user_id, count FROM safety_checks");
    expect(totals).toEqual([{ user_id: p.userId, count: 30 }]);
    // Another account has its own budget.
    expect((await check(await provider(), PHONE)).status).toBe(200);
    // 32 checks one after another: on a loaded machine they pass the suite's 20 s.
  }, 60_000);
});

describe("retention", () => {
  it("deletes expired alerts and declined reports with their hashes, old day totals and handled corrections", async () => {
    const admin = await signedIn({ admin: true });
    const p = await provider();
    await report(p);
    await report(p);
    await report(p, { phones: "", emails: "", name: "" });
    const [published, declined, pending] = await reportIds(p.userId);
    await publish(admin, published);
    await moderate(admin, { intent: "decline", reportId: declined, reason: "Not enough to go on." });
    await check(p, PHONE);
    await env.DB.prepare(
      "INSERT INTO safety_corrections (id, contact, message, status, created_at, handled_at) VALUES ('c1', 'a@b.nz', 'x', 'handled', 0, 0)",
    ).run();

    // A day on: nothing due yet.
    expect(await sweepSafetyNet(env, Date.now() + 86_400_000)).toEqual({
      reports: 0,
      checks: 0,
      corrections: 1,
      sealed: 0,
    });
    // 31 days on: the declined report and the old day's total.
    expect(await sweepSafetyNet(env, Date.now() + 31 * 86_400_000)).toEqual({
      reports: 1,
      checks: 1,
      corrections: 0,
      sealed: 0,
    });
    expect(await count("safety_reports", "id = ?", declined)).toBe(0);
    // 12 months and a day on: the alert and its hashes; the pending report waits for a decision.
    await sweepSafetyNet(env, Date.now() + 367 * 86_400_000);
    expect(await count("safety_reports", "id = ?", published)).toBe(0);
    expect(await count("safety_identifiers")).toBe(0);
    expect(await count("safety_reports", "id = ?", pending)).toBe(1);
  });
});

describe("the cron", () => {
  it("runs the Safety Net sweep: an alert past its expiry goes with its hashes", async () => {
    const admin = await signedIn({ admin: true });
    const p = await provider();
    await report(p);
    const [id] = await reportIds(p.userId);
    await publish(admin, id);
    await env.DB.prepare("UPDATE safety_reports SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, id)
      .run();
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: "*/30 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await count("safety_reports")).toBe(0);
    expect(await count("safety_identifiers")).toBe(0);
  });
});

describe("the digest", () => {
  it("sends a discreet e-mail with only a link, at most once a day, when a new alert is in the provider's regions", async () => {
    const admin = await signedIn({ admin: true });
    const reader = await provider();
    const reporter = await provider();
    expect(
      (await reader.client.post("/dashboard/safety-net", { form: { intent: "digest", value: "on" } })).status,
    ).toBe(200);
    await env.DB.prepare("UPDATE safety_digests SET last_sent_at = ?")
      .bind(Date.now() - 2 * 86_400_000)
      .run();
    expect(await sendDigests(env, "https://example.test", Date.now())).toBe(0);
    await report(reporter);
    await publish(admin, (await reportIds(reporter.userId))[0]);
    expect(await sendDigests(env, "https://example.test", Date.now())).toBe(1);
    expect(await sendDigests(env, "https://example.test", Date.now())).toBe(0);
    const [mail] = await rows<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM dev_outbox WHERE to_address = ?",
      reader.email,
    );
    expect(mail.subject).not.toMatch(/safety|alert|client/i);
    expect(mail.text_body).toContain("https://example.test/dashboard/safety-net");
    expect(mail.text_body).not.toContain("Ask for payment first");
  });
});

describe("the correction route", () => {
  it("takes a request from anyone with the same answer whether or not anything matched, keeping no identifier", async () => {
    const admin = await signedIn({ admin: true });
    const p = await provider();
    await report(p);
    const [id] = await reportIds(p.userId);
    await publish(admin, id);
    const anyone = client();
    expect((await anyone.get("/contact")).status).toBe(200);
    expect(await text(await anyone.get("/contact"))).toContain('href="/contact/safety-net-correction"');
    expect((await anyone.get("/contact/safety-net-correction")).status).toBe(200);

    const bad = await anyone.post("/contact/safety-net-correction", { form: { contact: "nope", message: "x" } });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toMatch(/id="contact-error"/);

    const matched = await anyone.post("/contact/safety-net-correction", {
      form: { contact: "me@person.test", identifier: "0215550199", message: "That alert is about me and it is false." },
    });
    const unmatched = await anyone.post("/contact/safety-net-correction", {
      form: {
        contact: "me@person.test",
        identifier: "021 000 0000",
        message: "The alert about my other number is false too.",
      },
    });
    expect(matched.status).toBe(200);
    expect(unmatched.status).toBe(200);
    const say = (s: string) => s.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(say(await text(matched))).toContain("reply within 48 hours");
    const stored = await rows<{ matched_reports: string }>(
      "SELECT matched_reports FROM safety_corrections ORDER BY created_at",
    );
    expect(stored.map((s) => JSON.parse(s.matched_reports))).toEqual([[id], []]);
    expect(JSON.stringify(await rows("SELECT * FROM safety_corrections"))).not.toContain("5550199");

    const queue = await text(await admin.client.get("/admin/safety-net"));
    expect(queue).toContain("That alert is about me and it is false.");
    const [first] = await rows<{ id: string }>("SELECT id FROM safety_corrections ORDER BY created_at");
    expect((await moderate(admin, { intent: "close-correction", correctionId: first.id })).status).toBe(200);
    expect((await auditRows()).some((r) => r.action === "safety_correction_handled")).toBe(true);
  });
});

describe("without SAFETY_NET_KEY", () => {
  it("refuses to run (503) rather than store anything under a default", async () => {
    const { reportAction } = await import("~/features/safety-net/pages.server");
    const p = await provider();
    const { SAFETY_NET_KEY: _, ...withoutKey } = env as Env & { SAFETY_NET_KEY?: string };
    const request = new Request("http://localhost/dashboard/safety-net/report", {
      method: "POST",
      headers: { Cookie: p.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        incidentDate: today(),
        region: "Auckland",
        category: "theft",
        description: "Something long enough.",
      }),
    });
    const context = { cloudflare: { env: withoutKey as Env, ctx: { waitUntil: () => undefined }, cf: undefined } };
    let status = 0;
    try {
      await reportAction(request, context as never);
    } catch (thrown) {
      status = (thrown as { init?: { status?: number } }).init?.status ?? 0;
    }
    expect(status).toBe(503);
    expect(await count("safety_reports")).toBe(0);
  });
});

describe("no reported identifier in clear text", () => {
  it("appears on no page, answer or export, for the reporter, other providers, administrators or visitors", async () => {
    const admin = await signedIn({ admin: true });
    const reporter = await provider();
    const other = await provider();
    await report(reporter);
    await report(reporter);
    const [published, declined] = await reportIds(reporter.userId);
    await publish(admin, published);
    await moderate(admin, { intent: "decline", reportId: declined, reason: "Not enough to go on." });
    await other.client.post("/dashboard/safety-net", { form: { intent: "digest", value: "on" } });

    const answers: string[] = [];
    const get = async (who: SignedIn | null, path: string) => {
      const res = await (who ? who.client : client()).get(path);
      answers.push(`${path} ${res.status} ${await text(res)}`);
    };
    for (const who of [reporter, other, admin, null]) {
      for (const path of [
        "/",
        "/dashboard",
        "/dashboard/safety-net",
        "/dashboard/safety-net/report",
        "/admin/safety-net",
        "/admin/audit",
        "/contact",
        "/contact/safety-net-correction",
        "/privacy",
        "/faq",
        "/api/auth/status",
        "/api/profiles",
      ])
        await get(who, path);
    }
    answers.push(await text(await check(other, PHONE)));
    answers.push(await text(await report(reporter, { phones: "021 555 0199\nabc" })));
    // The account data exports.
    for (const who of [reporter, other]) answers.push(JSON.stringify(await readAccountData(getDb(env), who.userId)));
    // And the database itself, every table.
    const tables = await rows<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
    );
    for (const { name } of tables) answers.push(JSON.stringify(await rows(`SELECT * FROM "${name}"`)));

    const all = answers.join("\n");
    expect(all).toContain("Ask for payment first"); // the scan did read the alert
    for (const s of [...PHONE_FORMS, EMAIL, EMAIL.toLowerCase(), NAME, NAME.toLowerCase()])
      expect(all).not.toContain(s);
  });
});

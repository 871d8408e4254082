// Who reaches the Safety Net after the third outside review (docs/decisions/0043-safety-net-second-pass.md):
// a tour stop opens its region's alerts only from 14 days before it starts; a reporter without access (on a
// break, no longer verified, suspended) still lists, answers and withdraws their own reports; an
// administrator's take-down ends access; an administrator can suspend an account and lift it, both audited.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { count } from "./auth-fixtures";
import { auditRows } from "./admin-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./public-fixtures";
import { check, moderate, PHONE, provider, publish, report, reportIds, text } from "./safety-net-fixtures";

const ALERT = "Ask for payment first";
const page = async (p: SignedIn) => p.client.get("/dashboard/safety-net");
const listingOf = async (p: SignedIn) =>
  (await rows<{ id: string }>("SELECT id FROM listings WHERE user_id = ?", p.userId))[0].id;
const dayFromToday = (days: number) => addDays(nzDate(Date.now()), days);

/** An administrator and a published alert for Auckland on PHONE. */
async function aucklandAlert(): Promise<SignedIn> {
  const admin = await signedIn({ admin: true });
  const reporter = await provider();
  await report(reporter);
  await publish(admin, (await reportIds(reporter.userId))[0]);
  return admin;
}

describe("tour stops", () => {
  it("open a region's alerts only from 14 days before the stop starts", async () => {
    await aucklandAlert();
    const touring = await provider("Christchurch");
    const listing = await listingOf(touring);
    const stop = (position: number, region: string, start: number, end: number) =>
      env.DB.prepare(
        "INSERT INTO tour_stops (listing_id, position, region, suburb, start_date, end_date) VALUES (?, ?, ?, NULL, ?, ?)",
      )
        .bind(listing, position, region, dayFromToday(start), dayFromToday(end))
        .run();
    // Five stops weeks to months ahead: none of their regions yet.
    for (const [i, region] of ["Auckland", "Wellington", "Otago", "Waikato", "Nelson"].entries())
      await stop(i + 1, region, 30 + i * 60, 33 + i * 60);
    const far = await text(await page(touring));
    expect(far).not.toContain(ALERT);
    expect(far).toContain("Alerts for Christchurch<");
    // Two weeks ahead: Auckland's alerts now.
    await env.DB.prepare("UPDATE tour_stops SET start_date = ?, end_date = ? WHERE listing_id = ? AND position = 1")
      .bind(dayFromToday(14), dayFromToday(16), listing)
      .run();
    expect(await text(await page(touring))).toContain(ALERT);
    // A stop that has ended gives nothing.
    await env.DB.prepare("UPDATE tour_stops SET start_date = ?, end_date = ? WHERE listing_id = ? AND position = 1")
      .bind(dayFromToday(-5), dayFromToday(-1), listing)
      .run();
    expect(await text(await page(touring))).not.toContain(ALERT);
  });
});

describe("a reporter without access", () => {
  for (const [why, lose] of [
    ["on a break", (id: string) => `UPDATE listings SET paused_at = ${Date.now()}, live = 0 WHERE id = '${id}'`],
    ["no longer verified", (id: string) => `UPDATE listings SET verified = 0, live = 0 WHERE id = '${id}'`],
  ] as const)
    it(`${why}: still lists, answers and withdraws their own reports, and nothing more`, async () => {
      const admin = await aucklandAlert();
      const reporter = await provider();
      await report(reporter, { description: "He took the money back by force." });
      await report(reporter, { description: "Second report, withdrawn later." });
      const [asked, withdrawn] = await reportIds(reporter.userId);
      await moderate(admin, { intent: "ask", reportId: asked, question: "Which night was it?" });
      await env.DB.prepare(lose(await listingOf(reporter))).run();

      const res = await page(reporter);
      expect(res.status).toBe(200);
      const html = await text(res);
      expect(html).toContain("He took the money back by force.");
      expect(html).toContain("Which night was it?");
      expect(html).toContain("Your own reports stay here");
      // No alerts, no check, no new report, and the menu still leads here.
      expect(html).not.toContain(ALERT);
      expect(html).not.toContain('name="query"');
      expect((await reporter.client.get("/dashboard/safety-net/report")).status).toBe(404);
      expect((await check(reporter, PHONE)).status).toBe(403);
      expect((await report(reporter)).status).toBe(403);
      expect(await text(await reporter.client.get("/dashboard"))).toContain('href="/dashboard/safety-net"');

      const answer = await reporter.client.post("/dashboard/safety-net", {
        form: { intent: "answer", reportId: asked, answer: "The Friday." },
      });
      expect(answer.status).toBe(200);
      const [row] = await rows<{ status: string }>("SELECT status FROM safety_reports WHERE id = ?", asked);
      expect(row.status).toBe("pending");
      const withdraw = await reporter.client.post("/dashboard/safety-net", {
        form: { intent: "withdraw", reportId: withdrawn },
      });
      expect(withdraw.status).toBe(200);
      expect(await count("safety_reports", "id = ?", withdrawn)).toBe(0);
      // Nobody else's report, whatever they post.
      const stranger = await signedIn();
      expect(
        (await stranger.client.post("/dashboard/safety-net", { form: { intent: "withdraw", reportId: asked } })).status,
      ).toBe(404);
      expect((await page(stranger)).status).toBe(404);
      expect(await count("safety_reports", "id = ?", asked)).toBe(1);
      // The last one withdrawn: no page is left, and the dashboard says it is done.
      const last = await reporter.client.post("/dashboard/safety-net", {
        form: { intent: "withdraw", reportId: asked },
      });
      expect(last.status).toBe(303);
      expect(last.headers.get("Location")).toBe("/dashboard");
      const flash = last.headers.get("Set-Cookie")!.split(";")[0];
      const dashboard = await client({ cookie: `${reporter.cookie}; ${flash}` }).get("/dashboard");
      expect(await text(dashboard)).toContain("Your Safety Net report is withdrawn and deleted");
      expect((await page(reporter)).status).toBe(404);
    });
});

describe("an administrator's take-down", () => {
  it("ends the owner's access: a listing made unlive by an administrator opens nothing", async () => {
    await aucklandAlert();
    const admin = await signedIn({ admin: true });
    const owner = await provider();
    expect(await text(await page(owner))).toContain(ALERT);
    const res = await admin.client.put(`/api/admin/profiles/${await listingOf(owner)}/toggle-live`, {
      json: { live: false },
    });
    expect(res.status).toBe(200);
    expect((await page(owner)).status).toBe(404);
    expect((await check(owner, PHONE)).status).toBe(403);
    expect(await text(await owner.client.get("/dashboard"))).not.toContain('href="/dashboard/safety-net"');
  });
});

describe("suspension from the Safety Net", () => {
  it("is set by e-mail address or from a report, lifted, and both are in the audit log", async () => {
    const admin = await aucklandAlert();
    const owner = await provider();
    expect(await text(await page(owner))).toContain(ALERT);

    // Refused beside its fields, with nothing written.
    const noReason = await moderate(admin, { intent: "suspend", email: owner.email, reason: "" });
    expect(noReason.status).toBe(400);
    expect(await text(noReason)).toMatch(/id="suspend-reason-account-error"/);
    const nobody = await moderate(admin, { intent: "suspend", email: "nobody@example.test", reason: "Abuse." });
    expect(nobody.status).toBe(404);
    expect(await text(nobody)).toMatch(/id="suspend-email-account-error"/);
    expect(await count("safety_suspensions")).toBe(0);

    const reason = "Sent reports about a rival, not a client.";
    expect((await moderate(admin, { intent: "suspend", email: owner.email.toUpperCase(), reason })).status).toBe(200);
    expect((await moderate(admin, { intent: "suspend", email: owner.email, reason })).status).toBe(409);
    expect((await page(owner)).status).toBe(404);
    expect((await check(owner, PHONE)).status).toBe(403);
    expect((await report(owner)).status).toBe(403);
    const screen = await text(await admin.client.get("/admin/safety-net"));
    expect(screen).toContain("Suspended accounts (1)");
    expect(screen).toContain(reason);

    expect((await moderate(admin, { intent: "lift", userId: owner.userId })).status).toBe(200);
    expect((await moderate(admin, { intent: "lift", userId: owner.userId })).status).toBe(409);
    expect(await text(await page(owner))).toContain(ALERT);

    // From a waiting report: its reporter is suspended, and still sees the report.
    const reporter = await provider();
    await report(reporter, { description: "A report the administrator doubts." });
    const [doubted] = await reportIds(reporter.userId);
    expect((await moderate(admin, { intent: "suspend", reportId: doubted, reason: "Doubtful reports." })).status).toBe(
      200,
    );
    const limited = await text(await page(reporter));
    expect(limited).toContain("A report the administrator doubts.");
    expect(limited).toContain("suspended this account");
    expect(limited).not.toContain(ALERT);

    const audit = (await auditRows()).map((r) => `${r.action} ${r.detail}`);
    expect(audit).toEqual(
      expect.arrayContaining([
        `safety_suspend ${owner.userId}: ${reason}`,
        `safety_lift ${owner.userId}`,
        `safety_suspend ${reporter.userId}: Doubtful reports.`,
      ]),
    );
    // Refused ones left no row.
    expect(audit.filter((a) => a.startsWith("safety_suspend"))).toHaveLength(2);
    expect(audit.filter((a) => a.startsWith("safety_lift"))).toHaveLength(1);
  });
});

describe("the digest", () => {
  it("can be turned off by an account that has lost access", async () => {
    const reporter = await provider();
    await report(reporter);
    await reporter.client.post("/dashboard/safety-net", { form: { intent: "digest", value: "on" } });
    await env.DB.prepare("UPDATE listings SET verified = 0, live = 0 WHERE user_id = ?").bind(reporter.userId).run();
    expect(
      (await reporter.client.post("/dashboard/safety-net", { form: { intent: "digest", value: "on" } })).status,
    ).toBe(403);
    expect(
      (await reporter.client.post("/dashboard/safety-net", { form: { intent: "digest", value: "off" } })).status,
    ).toBe(200);
    expect(await count("safety_digests")).toBe(0);
  });
});

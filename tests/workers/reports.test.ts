// Reports inside workerd: the public form (fixed reasons, limits, a 100,000-character body refused with
// nothing stored), the administrators' queue with the 48-hour window, hide and dismiss with their audit
// rows, and the audit log page.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { REPORT_MSG } from "~/features/moderation/reports";
import { auditRows, listingOf, moderated } from "./admin-fixtures";
import { cast, client } from "./client";
import { AUDIT_PAGE_SIZE } from "~/features/audit/audit";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

type ReportRow = {
  id: string;
  listing_id: string;
  reason: string;
  details: string;
  contact: string;
  status: string;
  handled_by: string | null;
};

async function reports(): Promise<ReportRow[]> {
  return (await env.DB.prepare("SELECT * FROM reports ORDER BY created_at").all<ReportRow>()).results;
}

function report(listingId: string, fields: Record<string, string>) {
  return client().post(`/report/${listingId}`, { form: fields });
}

describe("the report form", () => {
  it("is linked from a public profile and stores a valid report", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider, { firstName: "Tia" });
    const profile = await (await client().get(`/view/${id}`)).text();
    expect(profile).toContain(`href="/report/${id}"`);
    const page = await client().get(`/report/${id}`);
    expect(page.status).toBe(200);
    expect(await text(page)).toContain("Report Tia");

    const res = await report(id, {
      reason: "fake",
      details: "  The photos are from a stock site.  ",
      contact: "someone@example.nz",
    });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(REPORT_MSG.sent);
    expect(await reports()).toEqual([
      expect.objectContaining({
        listing_id: id,
        reason: "fake",
        details: "The photos are from a stock site.",
        contact: "someone@example.nz",
        status: "open",
      }),
    ]);
  });

  it("refuses a 100,000-character body with 413 and stores nothing", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider);
    const res = await report(id, { reason: "other", details: "x".repeat(100_000) });
    expect(res.status).toBe(413);
    expect(await text(res)).toContain(REPORT_MSG.tooLarge);
    expect(await reports()).toEqual([]);
  });

  it("refuses bad input with 400 and a message, storing nothing", async () => {
    const { provider } = await cast();
    const id = await listingOf(provider);
    const cases: [Record<string, string>, string][] = [
      [{}, REPORT_MSG.reason],
      [{ reason: "boredom" }, REPORT_MSG.reason],
      [{ reason: "other", details: "y".repeat(2001) }, REPORT_MSG.detailsTooLong],
      [{ reason: "other", contact: "not a way to reach anyone" }, REPORT_MSG.contactInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await report(id, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(await text(res)).toContain(message);
    }
    expect(await reports()).toEqual([]);
  });

  it("is not offered for a listing that is not live (404)", async () => {
    const { provider } = await cast();
    const hidden = await listingOf(provider, { live: false, verified: true });
    expect((await client().get(`/report/${hidden}`)).status).toBe(404);
    expect((await report(hidden, { reason: "other" })).status).toBe(404);
    expect((await report("0123456789abcdef", { reason: "other" })).status).toBe(404);
    expect(await reports()).toEqual([]);
  });
});

describe("the report queue", () => {
  async function withReports() {
    const people = await cast();
    const id = await listingOf(people.provider, {
      firstName: "Aria",
      active: true,
      activeUntil: Date.now() + 3_600_000,
    });
    const now = Date.now();
    const insert = (reason: string, age: number) =>
      env.DB.prepare("INSERT INTO reports (id, listing_id, reason, details, created_at) VALUES (?, ?, ?, 'Details', ?)")
        .bind(newId(), id, reason, now - age)
        .run();
    await insert("scam", 50 * 3_600_000); // past the 48-hour window
    await insert("fake", 2 * 3_600_000);
    return { ...people, id };
  }

  it("lists open reports to administrators, oldest first, the overdue ones highlighted; 404 for others", async () => {
    const { admin, provider } = await withReports();
    expect((await provider.client.get("/admin/reports")).status).toBe(404);
    const html = await text(await admin.client.get("/admin/reports"));
    const overdue = [...html.matchAll(/data-testid="report" data-overdue="(true|false)"/g)].map((m) => m[1]);
    expect(overdue).toEqual(["true", "false"]);
    expect(html).toContain("Scam or fraud");
    expect(html).toContain("1 report is past the 48-hour window.");
    expect(html).toContain("Overdue");
  });

  it("hide: the listing goes unlive (and inactive), its open reports close, one audit row", async () => {
    const { admin, provider, id } = await withReports();
    const [first] = await reports();
    // Not an administrator: 404, nothing changes.
    expect(
      (await provider.client.post("/admin/reports", { form: { intent: "hide", reportId: first.id } })).status,
    ).toBe(404);
    expect(await moderated(id)).toMatchObject({ live: 1 });

    const res = await admin.client.post("/admin/reports", { form: { intent: "hide", reportId: first.id } });
    expect(res.status).toBe(303);
    expect(await moderated(id)).toMatchObject({ live: 0, active: 0 });
    expect((await reports()).map((r) => r.status)).toEqual(["hidden", "hidden"]);
    expect(await auditRows()).toEqual([
      expect.objectContaining({ admin_id: admin.userId, action: "report_hide", listing_id: id, report_id: first.id }),
    ]);
    // Already handled: refused, no second record.
    expect(
      (await admin.client.post("/admin/reports", { form: { intent: "dismiss", reportId: first.id } })).status,
    ).toBe(409);
    expect(await auditRows()).toHaveLength(1);
  });

  it("dismiss: closes one report, leaves the listing alone, one audit row", async () => {
    const { admin, id } = await withReports();
    const [, second] = await reports();
    const res = await admin.client.post("/admin/reports", { form: { intent: "dismiss", reportId: second.id } });
    expect(res.status).toBe(303);
    expect(await moderated(id)).toMatchObject({ live: 1 });
    expect((await reports()).map((r) => r.status)).toEqual(["open", "dismissed"]);
    expect((await auditRows()).map((r) => [r.action, r.report_id])).toEqual([["report_dismiss", second.id]]);
  });

  it("reports go with their listing", async () => {
    const { admin, id } = await withReports();
    expect((await admin.client.delete(`/api/profiles/${id}/listing`)).status).toBe(200);
    expect(await reports()).toEqual([]);
  });
});

describe("the audit log page", () => {
  it("shows administrators every action, newest first, paged; 404 for others", async () => {
    const { admin, provider } = await cast();
    const base = Date.now() - 1_000_000;
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++) {
      await env.DB.prepare(
        "INSERT INTO admin_audit (id, admin_id, action, listing_id, detail, created_at) VALUES (?, ?, 'hot', NULL, ?, ?)",
      )
        .bind(newId(), admin.userId, `note-${i}`, base + i * 1000)
        .run();
    }
    expect((await provider.client.get("/admin/audit")).status).toBe(404);
    // Notes in the rendered table (the page's data script repeats them).
    const tableNotes = (html: string) =>
      [...(html.split('data-testid="audit-table"')[1] ?? "").split("</table>")[0].matchAll(/note-(\d+)/g)].map((m) =>
        Number(m[1]),
      );
    const first = await text(await admin.client.get("/admin/audit"));
    const notes = tableNotes(first);
    expect(notes[0]).toBe(AUDIT_PAGE_SIZE + 1);
    expect(notes).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first).toContain("Marked listing hot");
    expect(first).toContain("Older actions");
    const second = await text(await admin.client.get("/admin/audit?page=2"));
    expect(tableNotes(second)).toEqual([1, 0]);
    expect(second).toContain("Newer actions");
  });
});

describe("the audit condition", () => {
  it("writes the record only when the statement before it changed a row (changes() in a D1 batch)", async () => {
    const { auditStatement, CHANGED } = await import("~/features/audit/audit.server");
    const { provider } = await cast();
    const id = await listingOf(provider);
    await env.DB.batch([
      env.DB.prepare("UPDATE listings SET hot = 1 WHERE id = 'no-such-listing'"),
      auditStatement(env.DB, { adminId: "a", action: "hot", listingId: "no-such-listing" }, 1, CHANGED),
    ]);
    expect(await auditRows()).toEqual([]);
    await env.DB.batch([
      env.DB.prepare("UPDATE listings SET hot = 1 WHERE id = ?").bind(id),
      auditStatement(env.DB, { adminId: "a", action: "hot", listingId: id }, 2, CHANGED),
    ]);
    expect((await auditRows()).map((r) => r.listing_id)).toEqual([id]);
  });
});

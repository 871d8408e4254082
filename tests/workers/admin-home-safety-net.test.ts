// The administrators' home shows the Safety Net (docs/decisions/0023-safety-net.md): reports waiting and
// correction requests, each with how long its oldest has waited and how many have passed the 48-hour promise,
// counting the same rows the Safety Net screen lists.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";
import { today } from "./safety-net-fixtures";

const H = 3_600_000;
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A card's data-count and data-overdue on /admin. */
function card(html: string, key: string) {
  const match = html.match(new RegExp(`data-testid="queue-${key}" data-count="(\\d+)" data-overdue="(\\d+)"`));
  if (!match) throw new Error(`no ${key} card on the page`);
  return { count: Number(match[1]), overdue: Number(match[2]) };
}

async function reporter(): Promise<SignedIn> {
  const p = await signedIn({ firstName: "Provider" });
  await insertListing({ userId: p.userId, verified: true, live: true, location: "Auckland" });
  return p;
}

const report = (p: SignedIn, description: string) =>
  p.client.post("/dashboard/safety-net/report", {
    form: {
      incidentDate: today(),
      region: "Auckland",
      category: "violence",
      description,
      phones: "021 555 0199",
    },
  });

const correction = (message: string) =>
  client().post("/contact/safety-net-correction", {
    form: { contact: "someone@person.test", identifier: "021 000 0000", message },
  });

const ago = (table: "safety_reports" | "safety_corrections", id: string, hours: number) =>
  env.DB.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`)
    .bind(Date.now() - hours * H, id)
    .run();

describe("/admin: the Safety Net's queues", () => {
  it("are on the home with their oldest waiting time and the ones past 48 hours, as many as the Safety Net screen lists", async () => {
    const admin = await signedIn({ admin: true });
    const empty = await text(await admin.client.get("/admin"));
    expect(card(empty, "safety-reports")).toEqual({ count: 0, overdue: 0 });
    expect(card(empty, "safety-corrections")).toEqual({ count: 0, overdue: 0 });
    expect(empty).toContain("No Safety Net reports waiting.");
    expect(empty).toContain("No correction requests waiting.");

    const p = await reporter();
    for (const d of ["He hit me when I asked him to leave.", "Threats by text all week.", "Took the cash."])
      expect((await report(p, d)).status).toBe(201);
    const [old, asked, declined] = (
      await rows<{ id: string }>("SELECT id FROM safety_reports WHERE user_id = ? ORDER BY created_at, rowid", p.userId)
    ).map((r) => r.id);
    // 50 hours old, still waiting: past the promise. One waits on the reporter's answer; one is decided.
    await ago("safety_reports", old, 50);
    const moderate = (form: Record<string, string>) => admin.client.post("/admin/safety-net", { form });
    expect((await moderate({ intent: "ask", reportId: asked, question: "Which suburb was it?" })).status).toBe(200);
    expect((await moderate({ intent: "decline", reportId: declined, reason: "Not enough to go on." })).status).toBe(
      200,
    );

    for (const m of ["An alert about my number is wrong.", "Please remove the alert about me."])
      expect((await correction(m)).status).toBe(200);
    const [first, second] = (
      await rows<{ id: string }>("SELECT id FROM safety_corrections ORDER BY created_at, rowid")
    ).map((r) => r.id);
    await ago("safety_corrections", first, 49);
    expect((await moderate({ intent: "close-correction", correctionId: second })).status).toBe(200);

    const home = await admin.client.get("/admin");
    expect(home.status).toBe(200);
    const html = await text(home);
    expect(card(html, "safety-reports")).toEqual({ count: 2, overdue: 1 });
    expect(card(html, "safety-corrections")).toEqual({ count: 1, overdue: 1 });
    expect(html).toMatch(/data-testid="queue-safety-reports-oldest"[^>]*>Oldest waiting 2 days 2 hours\.</);
    expect(html).toMatch(/data-testid="queue-safety-corrections-oldest"[^>]*>Oldest waiting 2 days 1 hour\.</);
    expect(html).toMatch(/data-testid="queue-safety-reports-overdue"[^>]*>Overdue: 1 past 48 hours</);
    expect(html).toContain('href="/admin/safety-net"');
    expect(html).toContain('href="/admin/safety-net#corrections-heading"');

    // The screen the cards open lists as many.
    const screen = await text(await admin.client.get("/admin/safety-net"));
    expect(screen.match(/data-testid="safety-queue-item"/g)).toHaveLength(2);
    expect(screen.match(/data-testid="safety-correction"/g)).toHaveLength(1);
  });
});

// What a copy of the database holds of a Safety Net report after the third outside review
// (docs/decisions/0043-safety-net-second-pass.md): the question, the decline reason and the alert text are
// sealed like the description (texts written before are sealed by the sweep), a name is not taken at all,
// the reporter's own reports are in 'Download my data', and the privacy page says what "deleted at once"
// means for backups.
import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { archiveResponse } from "~/features/dashboard/data-export.server";
import { readAccountData } from "~/features/dashboard/data-export-rows.server";
import { identifierHash } from "~/features/safety-net/safety-key.server";
import { sweepSafetyNet } from "~/features/safety-net/sweep.server";
import { getDb } from "~/platform/data/db.server";
import { count } from "./auth-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { rows } from "./public-fixtures";
import { moderate, NAME, provider, publish, report, reportIds, text } from "./safety-net-fixtures";

const QUESTION = "Which suburb was the booking in?";
const REASON = "We could not confirm this from what was sent.";
const ALERT = "Client refused to pay and took cash. Ask for payment first.";

/** One report asked about, one declined, one published: the three texts an administrator writes. */
async function decided(): Promise<{ admin: SignedIn; reporter: SignedIn; ids: string[] }> {
  const admin = await signedIn({ admin: true });
  const reporter = await provider();
  for (const description of ["First report, asked about.", "Second report, declined.", "Third report, published."])
    await report(reporter, { description });
  const ids = await reportIds(reporter.userId);
  const [asked, declined, published] = ids;
  expect((await moderate(admin, { intent: "ask", reportId: asked, question: QUESTION })).status).toBe(200);
  expect((await moderate(admin, { intent: "decline", reportId: declined, reason: REASON })).status).toBe(200);
  expect((await publish(admin, published)).status).toBe(200);
  return { admin, reporter, ids };
}

describe("a report's texts in the database", () => {
  it("the question, the decline reason and the alert text are sealed, and open on the pages", async () => {
    const { admin, reporter, ids } = await decided();
    const stored = await rows<Record<string, string>>(
      "SELECT question, decline_reason, alert_text FROM safety_reports WHERE user_id = ?",
      reporter.userId,
    );
    const dump = JSON.stringify(stored);
    for (const clear of [QUESTION, REASON, ALERT, "Which suburb", "could not confirm", "refused to pay"])
      expect(dump).not.toContain(clear);
    const [asked, declined, published] = ids;
    const byId = async (id: string) =>
      (await rows<Record<string, string>>("SELECT * FROM safety_reports WHERE id = ?", id))[0];
    expect((await byId(asked)).question).toMatch(/^v1\./);
    expect((await byId(declined)).decline_reason).toMatch(/^v1\./);
    expect((await byId(published)).alert_text).toMatch(/^v1\./);
    const mine = await text(await reporter.client.get("/dashboard/safety-net"));
    for (const opened of [QUESTION, REASON, ALERT]) expect(mine).toContain(opened);
    const other = await provider();
    expect(await text(await other.client.get("/dashboard/safety-net"))).toContain(ALERT);
    expect(await text(await admin.client.get("/admin/safety-net"))).toContain(ALERT);
  });

  it("texts written in clear before they were sealed still show, and the sweep seals them", async () => {
    const { reporter, ids } = await decided();
    const [asked, declined, published] = ids;
    await env.DB.prepare("UPDATE safety_reports SET question = ? WHERE id = ?")
      .bind("Old question in clear?", asked)
      .run();
    await env.DB.prepare("UPDATE safety_reports SET decline_reason = ? WHERE id = ?")
      .bind("Old reason in clear.", declined)
      .run();
    await env.DB.prepare("UPDATE safety_reports SET alert_text = ? WHERE id = ?")
      .bind("Old alert text in clear, ask for payment first.", published)
      .run();
    const before = await text(await reporter.client.get("/dashboard/safety-net"));
    for (const old of ["Old question in clear?", "Old reason in clear.", "Old alert text in clear"])
      expect(before).toContain(old);

    expect((await sweepSafetyNet(env, Date.now())).sealed).toBe(3);
    expect((await sweepSafetyNet(env, Date.now())).sealed).toBe(0);
    expect(JSON.stringify(await rows("SELECT * FROM safety_reports"))).not.toContain("in clear");
    const after = await text(await reporter.client.get("/dashboard/safety-net"));
    for (const old of ["Old question in clear?", "Old reason in clear.", "Old alert text in clear"])
      expect(after).toContain(old);
  });
});

describe("a name", () => {
  it("is not taken: no hash of it is stored, and the form has no field for it", async () => {
    const p = await provider();
    expect((await report(p, { phones: "", emails: "", name: NAME })).status).toBe(201);
    expect(await count("safety_identifiers")).toBe(0);
    const nameHash = await identifierHash(env, "name:zebulon quixote");
    expect(await count("safety_identifiers", "hash = ?", nameHash)).toBe(0);
    expect(await text(await p.client.get("/dashboard/safety-net/report"))).not.toContain('name="name"');
  });
});

describe("'Download my data'", () => {
  it("holds the account's own Safety Net reports with their texts opened, and no one else's", async () => {
    const { reporter, ids } = await decided();
    const other = await provider();
    await report(other, { description: "Somebody else's report." });
    const data = await readAccountData(getDb(env), reporter.userId);
    const files = unzipSync(new Uint8Array(await archiveResponse(env, data!, Date.now()).arrayBuffer()));
    const reports = JSON.parse(strFromU8(files["safety-net-reports.json"])) as Record<string, unknown>[];
    expect(reports.map((r) => r.id)).toEqual(ids);
    expect(reports[0]).toMatchObject({
      description: "First report, asked about.",
      question: QUESTION,
      status: "question",
    });
    expect(reports[1]).toMatchObject({ decline_reason: REASON, status: "declined" });
    expect(reports[2]).toMatchObject({ alert_text: ALERT, status: "published", alert_region: "Auckland" });
    // Not the administrators' notes, not the hashes of the reported person's number and address.
    expect(reports[0]).not.toHaveProperty("decided_by");
    expect(reports[0]).not.toHaveProperty("second_look");
    const archive = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    const hashes = await rows<{ hash: string }>("SELECT hash FROM safety_identifiers");
    expect(hashes.length).toBeGreaterThan(0);
    for (const { hash } of hashes) expect(archive).not.toContain(hash);
    expect(archive).not.toContain("Somebody else's report.");
    expect(strFromU8(files["README.txt"])).toContain("safety-net-reports.json");
    // An account with no report has no such file.
    const none = await readAccountData(getDb(env), (await signedIn()).userId);
    const plain = unzipSync(new Uint8Array(await archiveResponse(env, none!, Date.now()).arrayBuffer()));
    expect(plain["safety-net-reports.json"]).toBeUndefined();
  });
});

describe("the privacy page", () => {
  it("says what 'deleted at once' means for the database host's copies", async () => {
    const html = (await text(await client().get("/privacy"))).replace(/\s+/g, " ");
    const section = html.slice(html.indexOf('id="safety-net"'), html.indexOf('id="privacy-complaints"'));
    expect(section).toContain("gone from the database we run");
    expect(section).toContain("for up to 30 days");
    expect(section).toContain("We do not take a name");
    expect(section).toContain("any we have not handled 60 days after they arrive");
  });
});

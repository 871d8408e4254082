// Takedown cases inside workerd (docs/decisions/0063-takedown-cases.md): the 'This is me' form (errors beside
// fields, the sealed proof photo, the limits), the owner's answer, the scheduled pass that takes content down
// when no answer came in time, and the administrators' queue and decisions with their audit rows.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EVERY_HALF_HOUR, JOBS } from "~/jobs/jobs.server";
import { runJobs } from "~/jobs/run-jobs.server";
import { TAKEDOWN_MSG } from "~/features/takedowns/rules";
import { TAKEN_DOWN_MSG } from "~/features/takedowns/standing.server";
import { auditRows, file, listingOf, moderated } from "./admin-fixtures";
import { count } from "./auth-fixtures";
import { backgroundWorkDone } from "./background";
import { cast, client, freshIp } from "./client";
import type { SignedIn } from "./client";
import { addPhotos } from "./dashboard-fixtures";
import { SMALL_JPEG } from "./editor-fixtures";

const H = 3_600_000;
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const DETAILS = "These photos are mine, taken from my private Instagram.";

type CaseRow = {
  id: string;
  listing_id: string | null;
  kind: string;
  contact: string;
  details: string;
  image_ids: string;
  proof_key: string | null;
  status: string;
  outcome: string | null;
  decided_by: string | null;
  reason: string;
  answer: string | null;
  answer_due_at: number;
  photos_hidden: number;
};

async function cases(): Promise<CaseRow[]> {
  return (await env.DB.prepare("SELECT * FROM takedown_cases ORDER BY created_at").all<CaseRow>()).results;
}

async function imageIds(listingId: string): Promise<{ id: string; public: number; r2_key: string }[]> {
  return (
    await env.DB.prepare("SELECT id, public, r2_key FROM listing_images WHERE listing_id = ? ORDER BY position")
      .bind(listingId)
      .all<{ id: string; public: number; r2_key: string }>()
  ).results;
}

function form(fields: Record<string, string | string[]>, proof?: File): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) fd.append(k, one);
  if (proof) fd.set("proof", proof);
  return fd;
}

function complain(
  listingId: string,
  fields: Record<string, string | string[]>,
  opts: { ip?: string; proof?: File } = {},
) {
  return client({ ip: opts.ip ?? freshIp() }).post(`/takedown/${listingId}`, { multipart: form(fields, opts.proof) });
}

async function outbox(to: string): Promise<{ subject: string; text_body: string }[]> {
  await backgroundWorkDone();
  return (
    await env.DB.prepare("SELECT subject, text_body FROM dev_outbox WHERE to_address = ? ORDER BY created_at")
      .bind(to)
      .all<{ subject: string; text_body: string }>()
  ).results;
}

/** A live listing of the provider with three photos, and a photo complaint about the first two. */
async function photoCase(people: { provider: SignedIn }, proof = true) {
  const id = await listingOf(people.provider, { firstName: "Mia" });
  await addPhotos(id, [1, 2, 3]);
  const photos = await imageIds(id);
  const res = await complain(
    id,
    {
      kind: "photos",
      contact: "Owner.Of.Photos@Example.nz",
      details: DETAILS,
      confirm: "yes",
      imageIds: [photos[0].id, photos[1].id],
    },
    proof ? { proof: file(SMALL_JPEG, "me.jpg") } : {},
  );
  expect(res.status).toBe(200);
  const [row] = await cases();
  return { id, photos, row };
}

function runClock(now: number) {
  const ctx = createExecutionContext();
  const jobs = JOBS.filter((j) => j.name === "takedown clock");
  return runJobs(jobs, createScheduledController({ scheduledTime: now, cron: EVERY_HALF_HOUR }), env, ctx).then(
    async (outcomes) => {
      await waitOnExecutionContext(ctx);
      return outcomes;
    },
  );
}

describe("the 'This is me' form", () => {
  it("is linked from a public profile apart from Report, says the Act's steps, and files a sealed case", async () => {
    const people = await cast();
    const id = await listingOf(people.provider, { firstName: "Mia" });
    const profile = await text(await client().get(`/view/${id}`));
    expect(profile).toContain(`href="/takedown/${id}"`);
    expect(profile).toContain(`href="/report/${id}"`);
    const page = await text(await client().get(`/takedown/${id}`));
    expect(page).toContain("Harmful Digital Communications Act 2015");
    expect(page).toContain("within 48 hours");

    const res = await complain(
      id,
      {
        kind: "listed",
        contact: "Me@Example.nz",
        details: "I never agreed to this listing, it is my face.",
        confirm: "yes",
      },
      { proof: file(SMALL_JPEG, "me.jpg") },
    );
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(TAKEDOWN_MSG.sent);
    const [row] = await cases();
    expect(row).toMatchObject({ listing_id: id, kind: "listed", contact: "me@example.nz", status: "waiting" });
    expect(row.answer_due_at - Date.now()).toBeGreaterThan(47 * H);
    // The words are sealed, the proof photo sealed in R2 under a prefix no URL serves.
    expect(row.details).not.toContain("never agreed");
    expect(row.proof_key).toBe(`private/takedown/${row.id}`);
    const stored = new Uint8Array(await (await env.PHOTOS.get(row.proof_key!))!.arrayBuffer());
    expect(String.fromCharCode(...stored.slice(0, 4))).not.toBe("RIFF");
    // The owner is told at once, with a link to answer and no copy of the stranger's words.
    const [notice] = await outbox(people.provider.email);
    expect(notice.subject).toBe("A complaint about your listing Mia");
    expect(notice.text_body).toContain(`/dashboard/takedowns/${row.id}`);
    expect(notice.text_body).not.toContain("never agreed");
  });

  it("puts each error beside its field, keeps what was typed and stores nothing", async () => {
    const people = await cast();
    const id = await listingOf(people.provider);
    const res = await complain(id, { kind: "photos", contact: "nobody", details: "short" });
    expect(res.status).toBe(400);
    const html = await text(res);
    // This listing has no photos to choose: the photos' error stands beside the choice of what is wrong.
    expect(html).toContain(`id="imageIds-error"`);
    expect(html).toContain(TAKEDOWN_MSG.photos);
    expect(html).toContain(`id="contact-error"`);
    expect(html).toContain(TAKEDOWN_MSG.contact);
    expect(html).toContain(TAKEDOWN_MSG.details);
    expect(html).toContain(TAKEDOWN_MSG.confirm);
    expect(html).toContain('value="nobody"');
    const notImage = await complain(
      id,
      { kind: "listed", contact: "me@example.nz", details: DETAILS, confirm: "yes" },
      { proof: file(new TextEncoder().encode("not a picture at all"), "x.jpg") },
    );
    expect(notImage.status).toBe(400);
    expect(await text(notImage)).toContain(TAKEDOWN_MSG.proofType);
    expect(await cases()).toEqual([]);
    expect((await env.PHOTOS.list({ prefix: "private/takedown/" })).objects).toEqual([]);
    expect((await client().get("/takedown/0123456789abcdef")).status).toBe(404);
  });

  it("limits: one open case per address and listing, three per address, five a day per network (429, said)", async () => {
    const people = await cast();
    const ids = await Promise.all([1, 2, 3, 4].map((n) => listingOf(people.provider, { firstName: `L${n}` })));
    const fields = { kind: "listed", contact: "me@example.nz", details: DETAILS, confirm: "yes" };
    for (const id of ids) expect((await complain(id, fields)).status).toBe(200);
    expect((await complain(ids[0], fields)).status).toBe(200);
    // The same answer, but only three are open for the address, one per listing.
    expect((await cases()).map((c) => c.listing_id)).toEqual(ids.slice(0, 3));

    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await complain(ids[3], { ...fields, contact: `other${i}@example.nz` }, { ip })).status).toBe(200);
    const over = await complain(ids[3], { ...fields, contact: "late@example.nz" }, { ip });
    expect(over.status).toBe(429);
    expect(await text(over)).toContain(TAKEDOWN_MSG.rateLimited);
    expect(await count("takedown_cases")).toBe(8);
  });
});

describe("the owner's answer", () => {
  it("only the owner sees the case; disputing it waits for an administrator", async () => {
    const people = await cast();
    const { row } = await photoCase(people);
    expect((await people.stranger.client.get(`/dashboard/takedowns/${row.id}`)).status).toBe(404);
    const dashboard = await text(await people.provider.client.get("/dashboard"));
    expect(dashboard).toContain(`/dashboard/takedowns/${row.id}`);
    const page = await text(await people.provider.client.get(`/dashboard/takedowns/${row.id}`));
    expect(page).toContain(DETAILS);
    expect(page).not.toContain("owner.of.photos@example.nz");

    const empty = await people.provider.client.post(`/dashboard/takedowns/${row.id}`, { form: { choice: "dispute" } });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain(TAKEDOWN_MSG.answer);
    const res = await people.provider.client.post(`/dashboard/takedowns/${row.id}`, {
      form: { choice: "dispute", answer: "These are photos my photographer took of me." },
    });
    expect(res.status).toBe(303);
    const [after] = await cases();
    expect(after.status).toBe("contested");
    expect(after.answer).not.toContain("photographer");
    // A disputed case is not the clock's to take down.
    await runClock(Date.now() + 100 * H);
    expect((await cases())[0].status).toBe("contested");
  });

  it("agreeing takes the listing down at once and tells both sides", async () => {
    const people = await cast();
    const id = await listingOf(people.provider, { firstName: "Ana" });
    await complain(id, { kind: "listed", contact: "me@example.nz", details: DETAILS, confirm: "yes" });
    const [row] = await cases();
    const res = await people.provider.client.post(`/dashboard/takedowns/${row.id}`, { form: { choice: "agree" } });
    expect(res.status).toBe(303);
    expect((await moderated(id))?.live).toBe(0);
    expect((await cases())[0]).toMatchObject({ status: "decided", outcome: "taken_down", decided_by: "owner" });
    expect((await outbox("me@example.nz")).map((m) => m.subject)).toEqual(["The outcome of the complaint about Ana"]);
    // The owner's Live switch does not bring it back.
    const relist = await people.provider.client.post("/dashboard", {
      form: { intent: "live", listingId: id, value: "true", js: "1" },
    });
    expect(relist.status).toBe(409);
    expect(await text(relist)).toContain(TAKEN_DOWN_MSG);
    expect((await moderated(id))?.live).toBe(0);
    const again = await people.provider.client.post(`/dashboard/takedowns/${row.id}`, { form: { choice: "agree" } });
    expect(again.status).toBe(409);
  });
});

describe("the scheduled pass", () => {
  it("takes the photos down when the owner did not answer within 48 hours, and deletes the proof", async () => {
    const people = await cast();
    const { id, photos, row } = await photoCase(people);
    await runClock(Date.now() + 47 * H);
    expect((await cases())[0].status).toBe("waiting");
    const [outcome] = await runClock(Date.now() + 49 * H);
    expect(outcome).toEqual({ name: "takedown clock", ok: true });
    expect((await cases())[0]).toMatchObject({
      status: "decided",
      outcome: "taken_down",
      decided_by: "clock",
      proof_key: null,
    });
    expect((await imageIds(id)).map((p) => p.id)).toEqual([photos[2].id]);
    expect(await env.PHOTOS.get(row.proof_key!)).toBeNull();
    expect((await outbox("owner.of.photos@example.nz"))[0].text_body).toContain("did not answer within 48 hours");
    expect((await outbox(people.provider.email)).map((m) => m.subject)).toContain(
      "The outcome of the complaint about Mia",
    );
  });
});

describe("the administrators' queue", () => {
  it("shows the clock, marks overdue cases, and is 404 for others", async () => {
    const people = await cast();
    await photoCase(people);
    const id2 = await listingOf(people.provider, { firstName: "Old" });
    await complain(id2, { kind: "listed", contact: "old@example.nz", details: DETAILS, confirm: "yes" });
    await env.DB.prepare("UPDATE takedown_cases SET answer_due_at = ? WHERE listing_id = ?")
      .bind(Date.now() - 3 * H, id2)
      .run();
    expect((await people.provider.client.get("/admin/takedowns")).status).toBe(404);
    const html = await text(await people.admin.client.get("/admin/takedowns"));
    expect(html).toContain("2 open cases, 1 overdue.");
    const overdue = [...html.matchAll(/data-testid="takedown-case" data-overdue="(true|false)"/g)].map((m) => m[1]);
    expect(overdue).toEqual(["true", "false"]);
    expect(html).toMatch(/Owner&#x27;s answer due .*\(4[78] h left\)/);
    // The administrators' home counts them, the overdue one marked.
    const home = await text(await people.admin.client.get("/admin"));
    expect(home).toMatch(/data-testid="queue-takedowns" data-count="2" data-overdue="1"/);
  });

  it("hides the photos meanwhile, keeps them up with a reason, each action audited", async () => {
    const people = await cast();
    const { id, photos, row } = await photoCase(people);
    const proof = await people.admin.client.get(`/admin/takedown-proof/${row.id}`);
    expect(proof.status).toBe(200);
    expect(proof.headers.get("Cache-Control")).toContain("no-store");
    expect((await people.provider.client.get(`/admin/takedown-proof/${row.id}`)).status).toBe(404);

    const post = (fields: Record<string, string>) =>
      people.admin.client.post("/admin/takedowns", { form: { caseId: row.id, ...fields } });
    expect((await post({ intent: "hide_photos" })).status).toBe(303);
    expect((await imageIds(id)).map((p) => p.public)).toEqual([0, 0, 1]);
    const noReason = await post({ intent: "keep_up", reason: "" });
    expect(noReason.status).toBe(400);
    expect((await cases())[0].status).toBe("waiting");
    expect((await post({ intent: "keep_up", reason: "The owner showed us the photos are hers." })).status).toBe(303);
    expect((await imageIds(id)).map((p) => p.id)).toEqual(photos.map((p) => p.id));
    expect((await imageIds(id)).map((p) => p.public)).toEqual([1, 1, 1]);
    expect((await cases())[0]).toMatchObject({ status: "decided", outcome: "kept_up", proof_key: null });
    expect(await env.PHOTOS.get(row.proof_key!)).toBeNull();
    expect((await auditRows()).map((a) => a.action)).toEqual(["takedown_hide_photos", "takedown_keep"]);
    expect((await outbox("owner.of.photos@example.nz"))[0].text_body).toContain(
      "The owner showed us the photos are hers.",
    );
    expect((await post({ intent: "take_down" })).status).toBe(409);
  });

  it("keeps photos hidden meanwhile through plan changes, until the case is decided", async () => {
    const people = await cast();
    const { id, row } = await photoCase(people);
    const admin = people.admin.client;
    expect((await admin.post("/admin/takedowns", { form: { caseId: row.id, intent: "hide_photos" } })).status).toBe(
      303,
    );
    expect((await imageIds(id)).map((p) => p.public)).toEqual([0, 0, 1]);
    // Featured and back to Standard: each rewrites which photos the plan shows.
    const plan = (intent: string) =>
      admin.post("/admin/subscriptions", { form: { intent, listingId: id, weeks: "1", reason: "Launch offer" } });
    expect((await plan("grantFeatured")).status).toBe(303);
    expect((await imageIds(id)).map((p) => p.public)).toEqual([0, 0, 1]);
    expect((await plan("revokeFeatured")).status).toBe(303);
    expect((await imageIds(id)).map((p) => p.public)).toEqual([0, 0, 1]);
    const keep = { caseId: row.id, intent: "keep_up", reason: "The owner showed us the photos are hers." };
    expect((await admin.post("/admin/takedowns", { form: keep })).status).toBe(303);
    expect((await imageIds(id)).map((p) => p.public)).toEqual([1, 1, 1]);
  });

  it("takes a listing down, audited once", async () => {
    const people = await cast();
    const id = await listingOf(people.provider, { firstName: "Zoe" });
    await complain(id, { kind: "listed", contact: "me@example.nz", details: DETAILS, confirm: "yes" });
    const [row] = await cases();
    const res = await people.admin.client.post("/admin/takedowns", { form: { caseId: row.id, intent: "take_down" } });
    expect(res.status).toBe(303);
    expect((await moderated(id))?.live).toBe(0);
    expect((await auditRows()).map((a) => [a.action, a.listing_id])).toEqual([["takedown_remove", id]]);
    expect(await text(await people.admin.client.get("/admin/takedowns"))).toContain("No open takedown cases.");
  });
});

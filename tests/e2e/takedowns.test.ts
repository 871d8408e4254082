// A takedown case through its steps at 390x844 in Chromium (docs/decisions/0063-takedown-cases.md): a person
// finds their photo on a listing, sends 'This is me' with a proof photo; the owner is told and sees the case with
// its 48-hour clock on the dashboard; the administrator's queue shows the clock and hides the photo meanwhile;
// the answer window passes without an answer and the scheduled pass takes the photo down; both sides are told;
// the owner appeals once, and the public review times count the case.
// Axe, nothing wider than the phone, and a screenshot of each step.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1, d1Rows, makeAdministrator, signInAdmin, signInAs } from "./people";
import { useOwnProvider } from "./providers";
import { runCron } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const owner = useOwnProvider("independent"); // Ruby's copy: live, with photos
const stamp = Date.now();
const CONTACT = `photos-${stamp}@example.nz`;
const DETAILS = `Photo 1 is mine, taken from my Instagram without asking ${stamp}.`;

afterAll(async () => {
  await d1("DELETE FROM appeals WHERE subject_id IN (SELECT id FROM takedown_cases WHERE contact = ?)", CONTACT);
  await d1("DELETE FROM takedown_cases WHERE contact = ?", CONTACT);
});

async function step(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the phone`).toBeLessThanOrEqual(MOBILE.width);
  await shot(page, `${name}-390`, { fullPage: true });
}

const outbox = (to: string) =>
  d1Rows<{ subject: string; text_body: string }>(
    "SELECT subject, text_body FROM dev_outbox WHERE to_address = ? ORDER BY created_at",
    to,
  );

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`waited too long for ${what}`);
}

describe("a takedown case", () => {
  it("runs through the Act's steps: request, notice, clock, photos hidden, taken down, both told", async () => {
    const listing = owner.listings[0];
    const [first] = await d1Rows<{ id: string; r2_key: string }>(
      "SELECT id, r2_key FROM listing_images WHERE listing_id = ? AND public = 1 ORDER BY position LIMIT 1",
      listing.id,
    );
    const dir = mkdtempSync(join(tmpdir(), "takedown-"));
    const proof = join(dir, "me-with-note.jpg");
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 120, b: 90 } } })
      .jpeg()
      .toFile(proof);

    // 1. The person finds the discreet link under the profile and sends the form.
    const person = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await person.page.goto(`/view/${listing.id}`);
    await hydrated(person.page);
    await person.page.getByTestId("takedown-link").click();
    await person.page.waitForURL(`**/takedown/${listing.id}`);
    await hydrated(person.page);
    await step(person.page, "1-form");
    // Sent empty first: each error beside its field.
    await person.page.getByRole("button", { name: "Send the request" }).click();
    await person.page.getByText("Enter an e-mail address we can write to with the outcome.").waitFor();
    await person.page.getByText("Choose what is wrong.").waitFor();
    await step(person.page, "2-form-errors");
    await person.page.getByLabel("These are my photos, used without my consent").check();
    await person.page.getByRole("checkbox", { name: "Photo 1" }).check();
    await person.page.getByLabel("What is wrong, in your words").fill(DETAILS);
    await person.page.getByLabel("Your e-mail address").fill(CONTACT);
    await person.page.getByLabel("A photo that proves it (optional)").setInputFiles(proof);
    await person.page.getByRole("checkbox", { name: /^This is about me/ }).check();
    await person.page.getByRole("button", { name: "Send the request" }).click();
    await person.page.getByText("We have your request.").waitFor();
    await step(person.page, "3-sent");

    const [row] = await until(
      () => d1Rows<{ id: string; status: string }>("SELECT id, status FROM takedown_cases WHERE contact = ?", CONTACT),
      (rows) => rows.length === 1,
      "the case",
    );

    // 2. The owner is told, and sees the case and its clock on the dashboard.
    await until(
      () => outbox(owner.email),
      (m) => m.length > 0,
      "the owner's notice",
    );
    const own = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signInAs(own.context, owner);
    await own.page.goto("/dashboard");
    await hydrated(own.page);
    await own.page.getByTestId("takedown-notices").getByRole("link", { name: "Read and answer" }).click();
    await own.page.waitForURL(`**/dashboard/takedowns/${row.id}`);
    await hydrated(own.page);
    await own.page.getByText(DETAILS).waitFor();
    expect(await own.page.getByTestId("answer-by").textContent()).toMatch(/\((4[78]) h left\)/);
    expect(await own.page.content()).not.toContain(CONTACT);
    await step(own.page, "4-owner-case");

    // 3. The administrator sees the clock and hides the photo meanwhile.
    const admin = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signInAdmin(admin.context, await makeAdministrator("Takedowns"));
    await admin.page.goto("/admin/takedowns");
    await hydrated(admin.page);
    const card = admin.page.getByTestId("takedown-case").filter({ hasText: DETAILS });
    expect(await card.getByTestId("case-clock").textContent()).toMatch(/Owner's answer due .*h left/);
    await card.getByRole("button", { name: "Hide the photos meanwhile" }).click();
    await admin.page.getByText("The disputed photos are hidden until the case is decided.").waitFor();
    await step(admin.page, "5-admin-queue");
    expect(
      (await d1Rows<{ public: number }>("SELECT public FROM listing_images WHERE id = ?", first.id))[0].public,
    ).toBe(0);

    // 4. The answer window passes with no answer; the scheduled pass takes the photo down.
    await d1("UPDATE takedown_cases SET answer_due_at = ? WHERE id = ?", Date.now() - 60_000, row.id);
    await admin.page.reload();
    await card.getByText("Overdue:").waitFor();
    await step(admin.page, "6-admin-overdue");
    await runCron();
    await until(
      () => d1Rows<{ status: string }>("SELECT status FROM takedown_cases WHERE id = ?", row.id),
      (rows) => rows[0]?.status === "decided",
      "the scheduled takedown",
    );
    expect(await d1Rows("SELECT id FROM listing_images WHERE id = ?", first.id)).toEqual([]);

    // 5. Both sides are told the outcome.
    const [toPerson] = await until(
      () => outbox(CONTACT),
      (m) => m.length > 0,
      "the complainant's outcome",
    );
    expect(toPerson.text_body).toContain("The content has been taken down.");
    await until(
      () => outbox(owner.email),
      (m) => m.some((x) => x.subject.startsWith("The outcome")),
      "the owner's outcome",
    );
    await own.page.reload();
    await hydrated(own.page);
    expect(await own.page.getByTestId("case-outcome").textContent()).toContain("Taken down.");
    await step(own.page, "7-owner-outcome");

    // 6. The owner appeals once; the public review times count the case.
    await own.page.getByRole("link", { name: /^Appeal this decision/ }).click();
    await own.page.waitForURL(`**/appeal/takedown/${row.id}`);
    await hydrated(own.page);
    await own.page.getByLabel("Why the decision is wrong").fill("I took that photo myself and can show the original.");
    await own.page.getByRole("button", { name: "Send my appeal" }).click();
    await own.page.getByText("Your appeal has been sent.").waitFor();
    await step(own.page, "8-owner-appeal");
    await person.page.goto("/review-times");
    await hydrated(person.page);
    expect(await person.page.getByTestId("wait-takedown").textContent()).toMatch(/Decisions counted\d+/);
    await step(person.page, "9-review-times");
  });
});

// Featured → Standard with more than 10 photos, in Chromium (decision 0017): the owner chooses the 10
// that stay public, the renewal at the period's end (the cron) applies the choice, and visitors see 10.
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { seriousViolations } from "./axe";
import { hydrated, useBrowser } from "./browser";
import { d1, d1Rows, enterAs, insertAccount } from "./people";
import { runCron } from "./store";

const b = useBrowser();
const WEEK = 7 * 24 * 60 * 60 * 1000;

// Listings made here, taken off the shared grid afterwards: their photo rows have no bytes in R2, so as the
// newest Featured cards they would head the home page that other files test photos on.
const made: string[] = [];
afterAll(async () => {
  if (made.length) await d1(`UPDATE listings SET live = 0 WHERE id IN (${made.map((id) => `'${id}'`).join(", ")})`);
});

/** A live, verified listing on a paid Featured week (a card that renews), with `count` photos (rows only). */
async function featuredListingWithPhotos(email: string, name: string, count: number) {
  const id = newId();
  made.push(id);
  const now = Date.now();
  const photos = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    key: `listing/${newId(24)}.webp`,
    position: i + 1,
  }));
  await d1(`INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, verified, live, paid, featured,
        cover_key, cover_width, cover_height, image_count, listed_at, created_at, updated_at)
      SELECT '${id}', u.id, '${name}', 29, 'Warm and kind', 'Auckland', 'Ponsonby', 1, 1, 1, 1,
        '${photos[0].key}', 600, 800, ${count}, ${now}, ${now}, ${now}
      FROM users u WHERE u.email = '${email}';
      INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES
        ${photos.map((p) => `('${p.id}', '${id}', '${p.key}', ${p.position}, 600, 800, ${now + p.position})`).join(", ")};
      INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, method_ref, created_at,
        updated_at) SELECT '${id}', u.id, 'featured', 'active', ${now - 1000}, ${now + WEEK}, 'tgm_ok_e2e', ${now}, ${now}
      FROM users u WHERE u.email = '${email}'`);
  return { id, photos };
}

const publicFlags = async (listingId: string) =>
  (
    await d1Rows<{ public: number }>(
      `SELECT public FROM listing_images WHERE listing_id = '${listingId}' ORDER BY position`,
    )
  ).map((r) => r.public);

describe("changing from Featured to Standard with 12 photos", () => {
  it("the owner chooses the 10 kept public; at the period's end visitors see those 10", async () => {
    const account = await insertAccount({ firstName: "Kiri", password: "a-long-password" });
    const { id, photos } = await featuredListingWithPhotos(account.email, "Kiri", 12);
    const { context, page } = await b.visitor({ bypassCSP: true });
    await enterAs(page, account, "/managesub");
    await page.getByRole("button", { name: "Change to Standard at renewal" }).click();
    const choice = page.getByTestId("photo-choice");
    await choice.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The first 10 come ticked; the owner swaps photo 1 for photo 11.
    await expect(choice.getByLabel("Keep photo 1 public").isChecked()).resolves.toBe(true);
    await expect(choice.getByLabel("Keep photo 11 public").isChecked()).resolves.toBe(false);
    await choice.getByLabel("Keep photo 1 public").uncheck();
    await choice.getByLabel("Keep photo 11 public").check();
    await choice.getByRole("button", { name: "Keep these and change to Standard at renewal" }).click();
    await page.getByTestId("listing-plan").getByText("Active (changes to Standard at renewal)").waitFor();
    expect(await d1Rows(`SELECT pending_plan FROM subscriptions WHERE listing_id = '${id}'`)).toEqual([
      { pending_plan: "standard" },
    ]);
    // Nothing changes for visitors before the period ends.
    expect(await publicFlags(id)).toEqual(Array(12).fill(1));

    // The week is over: the cron renews on the Standard plan and applies the choice.
    const now = Date.now();
    await d1(
      `UPDATE subscriptions SET period_start = ${now - WEEK - 1000}, period_end = ${now - 1000} WHERE listing_id = '${id}'`,
    );
    // The cron's jobs run after its answer: wait for the renewal to be in.
    await runCron();
    await expect
      .poll(
        async () =>
          (await d1Rows<{ plan: string }>(`SELECT plan FROM subscriptions WHERE listing_id = '${id}'`))[0]?.plan,
        { timeout: 30_000 },
      )
      .toBe("standard");
    expect(await publicFlags(id)).toEqual([0, ...Array(9).fill(1), 1, 0]);
    // Kept, not deleted.
    expect(await d1Rows(`SELECT id FROM listing_images WHERE listing_id = '${id}'`)).toHaveLength(12);

    // A visitor sees 10 photos, and never the ones kept aside.
    const visitor = await b.visitor();
    await visitor.page.goto(`/view/${id}`);
    await visitor.page.getByRole("button", { name: "Open photo 1 of 10" }).waitFor();
    const html = await visitor.page.content();
    expect(html).not.toContain(photos[0].key);
    expect(html).not.toContain(photos[11].key);

    // The owner's editor still shows them, labelled.
    await page.goto(`/profile/edit/${id}`);
    await hydrated(page);
    await expect(page.getByTestId("photo-hidden").count()).resolves.toBe(2);
    await expect(page.getByTestId("photo-hidden").first().textContent()).resolves.toBe("Not shown on Standard");
    await visitor.context.close();
    await context.close();
  });

  it("works without JavaScript: the question, then the choice as a plain form post", async () => {
    const account = await insertAccount({ firstName: "Moana", password: "a-long-password" });
    const { id } = await featuredListingWithPhotos(account.email, "Moana", 11);
    const signedIn = await b.visitor();
    await enterAs(signedIn.page, account);
    const cookies = await signedIn.context.cookies();
    await signedIn.context.close();
    const { context, page } = await b.visitor({ javaScript: false });
    await context.addCookies(cookies);
    await page.goto("/managesub");
    await page.getByRole("button", { name: "Change to Standard at renewal" }).click();
    const choice = page.getByTestId("photo-choice");
    await choice.waitFor();
    // One box too many: refused beside the photos, and asked again.
    await choice.getByLabel("Keep photo 11 public").check();
    await choice.getByRole("button", { name: "Keep these and change to Standard at renewal" }).click();
    await page
      .getByTestId("photo-choice-error")
      .getByText("Choose exactly 10 photos to keep public on the Standard plan (you chose 11).")
      .waitFor();
    await page.getByTestId("photo-choice").getByLabel("Keep photo 2 public").uncheck();
    await page.getByRole("button", { name: "Keep these and change to Standard at renewal" }).click();
    await page.getByTestId("listing-plan").getByText("Active (changes to Standard at renewal)").waitFor();
    expect(
      await d1Rows<{ position: number }>(
        `SELECT position FROM listing_images WHERE listing_id = '${id}' AND kept_on_standard = 0 ORDER BY position`,
      ),
    ).toEqual([{ position: 2 }]);
    await context.close();
  });
});

// An ID photo straight from a phone's camera (over the 5 MB limit) on a phone (390x844, touch): the browser
// sends it scaled down, still legible, and says so, instead of refusing it.
import type { Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { ID_MSG } from "../../app/features/verification/verification";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs, insertAccount } from "./people";
import { d1, d1Rows } from "./store";
import { VERIFY_MAX_BYTES } from "~/features/photos/rules";
import { shot } from "./shots";

const b = useBrowser();

/**
 * Puts a 4000x3000 camera-like JPEG (a card's text on a gradient, with sensor noise, which is what makes a
 * phone's photo big) on the file input `name`, as choosing it would. Answers its size in bytes.
 */
function chooseCameraPhoto(page: Page, name: string): Promise<number> {
  return page.evaluate(async (field) => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const ctx = canvas.getContext("2d")!;
    const sky = ctx.createLinearGradient(0, 0, 4000, 3000);
    sky.addColorStop(0, "#3a5a78");
    sky.addColorStop(1, "#e0d2b4");
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 4000, 3000);
    ctx.fillStyle = "#111";
    ctx.font = "bold 160px sans-serif";
    ctx.fillText("DRIVER LICENCE 5F 123456", 300, 500);
    const pixels = ctx.getImageData(0, 0, 4000, 3000);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const noise = (Math.random() - 0.5) * 40;
      pixels.data[i] += noise;
      pixels.data[i + 1] += noise;
      pixels.data[i + 2] += noise;
    }
    ctx.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.97));
    const input = document.querySelector<HTMLInputElement>(`input[name="${field}"]`)!;
    const chosen = new DataTransfer();
    chosen.items.add(new File([blob], "IMG_4032.jpg", { type: "image/jpeg" }));
    input.files = chosen.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    return blob.size;
  }, name);
}

describe("ID photos from a phone's camera", () => {
  it("are made smaller in the browser and sent, not refused", async () => {
    const person = await insertAccount({ firstName: "Aroha" });
    const listingId = newId();
    const now = Date.now();
    await d1(
      `INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, image_count, listed_at,
        created_at, updated_at) VALUES (?, ?, 'Aroha', 29, 'Warm and kind company', 'Auckland', '', 3, ?, ?, ?)`,
      listingId,
      person.id,
      now,
      now,
      now,
    );
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(page, person, "/verification");
    await hydrated(page);
    await page.getByLabel("NZ driver licence").check();
    const size = await chooseCameraPhoto(page, "frontLicense");
    expect(size).toBeGreaterThan(VERIFY_MAX_BYTES);
    const note = page.getByTestId("file-note");
    await note.getByText(/^Made smaller to send: \d+\.\d\sMB → \d+\.\d\sMB\.$/).waitFor({ timeout: 30_000 });
    await expect(page.getByText(ID_MSG.size).count()).resolves.toBe(0);
    const sent = await page.evaluate(
      () => document.querySelector<HTMLInputElement>('input[name="frontLicense"]')!.files![0].size,
    );
    expect(sent).toBeLessThanOrEqual(VERIFY_MAX_BYTES);
    await page.getByLabel("Back of licence").setInputFiles({
      name: "back.jpg",
      mimeType: "image/jpeg",
      buffer: readFileSync("tests/fixtures/photo-3000x2000.jpg"),
    });
    await shot(page, "id-photo-scaled-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Submit for Verification" }).tap();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText(ID_MSG.success).waitFor();
    const [request] = await d1Rows<{ r2_keys: string }>(
      "SELECT r2_keys FROM verification_requests WHERE listing_id = ? AND kind = 'id' AND status = 'pending'",
      listingId,
    );
    expect(JSON.parse(request.r2_keys)).toHaveLength(2);
    await d1("DELETE FROM listings WHERE id = ?", listingId);
  });
});

// A phone's 12 MP photo of about 4 MB is scaled down in the browser before it travels (docs/editor.md
// 'Photos'), and each photo shows a progress bar while it uploads. The server still processes what arrives.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs, insertAccount } from "./people";

const b = useBrowser();
let photo = "";

beforeAll(async () => {
  // 4032x3024 with grain, as a phone takes it: about 4 MB of JPEG.
  const [w, h] = [4032, 3024];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (((i / 3) % w) / w) * 200 + ((seed >> 16) % 40);
  }
  photo = join(mkdtempSync(join(tmpdir(), "upload-scaling-")), "IMG_2041.jpg");
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(photo);
});

describe("uploads from a phone", () => {
  it("send a 4 MB photo as about a megabyte, at 2400 px, with a progress bar on its tile", async () => {
    const original = statSync(photo).size;
    expect(original).toBeGreaterThan(3.5 * 1024 * 1024);
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await enterAs(page, await insertAccount({ firstName: "Aroha", emailPrefix: "scaling" }), "/profile/new");
    await hydrated(page);
    // What the page hands to the network: the size of each file it sends.
    await page.evaluate(() => {
      const w = window as unknown as { sentSizes: number[] };
      w.sentSizes = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get("file") : null;
        if (file instanceof Blob) w.sentSizes.push(file.size);
        return send.call(this, body);
      };
    });
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/uploads") && r.request().method() === "POST");
    await page.getByTestId("photo-input").setInputFiles(photo);
    // The tile shows its progress while it travels.
    await page.getByTestId("photo-progress").waitFor({ state: "attached" });
    expect(await (await answered).json()).toMatchObject({ width: 2400, height: 1800 });
    const sizes = await page.evaluate(() => (window as unknown as { sentSizes: number[] }).sentSizes);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]).toBeLessThan(original / 2);
    expect(sizes[0]).toBeLessThan(2 * 1024 * 1024);
    await page.waitForFunction(() => !document.querySelector('[data-testid="photo-progress"]'));
    await expect(page.getByTestId("photo-tile").count()).resolves.toBe(1);
    await context.close();
  });
});

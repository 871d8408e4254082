// The editor's photo tiles on a phone: the grip and delete buttons sit below the photo, not on it, so the
// photo can be seen whole while arranging them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { signInAs } from "./people";
import { useOwnProvider } from "./providers";
import { addPhotos, colourPhotos } from "./new-listing";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency");
let photos: string[] = [];

beforeAll(async () => {
  photos = await colourPhotos(mkdtempSync(join(tmpdir(), "tile-photos-")), [
    { r: 200, g: 60, b: 60 },
    { r: 60, g: 160, b: 80 },
    { r: 60, g: 80, b: 200 },
  ]);
});

describe("photo tiles at 390 px", () => {
  it("show each photo whole, with 44 px buttons below it", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, touch: true });
    await signInAs(context, agency);
    await page.goto("/profile/new");
    await hydrated(page);
    await addPhotos(page, photos);
    await page.getByTestId("photo-list").scrollIntoViewIfNeeded();
    // For a person to look at (with SHOTS_DIR set).
    await shot(page, "photo-tiles-390");
    const tiles = await page.getByTestId("photo-tile").evaluateAll((els) =>
      els.map((tile) => {
        const img = tile.querySelector("img")!.getBoundingClientRect();
        const buttons = [...tile.querySelectorAll("button")].map((button) => {
          const box = button.getBoundingClientRect();
          const overlap =
            Math.max(0, Math.min(box.right, img.right) - Math.max(box.left, img.left)) *
            Math.max(0, Math.min(box.bottom, img.bottom) - Math.max(box.top, img.top));
          return { name: button.getAttribute("aria-label"), width: box.width, height: box.height, overlap };
        });
        return { imgHeight: img.height, buttons };
      }),
    );
    expect(tiles).toHaveLength(3);
    for (const [i, tile] of tiles.entries()) {
      expect(tile.imgHeight).toBeGreaterThan(100);
      expect(tile.buttons.map((button) => button.name)).toEqual([`Reorder photo ${i + 1}`, `Delete photo ${i + 1}`]);
      for (const button of tile.buttons) {
        expect(button.overlap).toBe(0);
        expect(button.width).toBeGreaterThanOrEqual(44);
        expect(button.height).toBeGreaterThanOrEqual(44);
      }
    }
    await context.close();
  });
});

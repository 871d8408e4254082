// Whether listing photos really get the site-name watermark the editor promises. The pipeline asks the Images
// binding to draw it (photos.test.ts records the call); this finds out whether the binding in use does, and
// the editor promises a watermark only then.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { probeOverlays } from "~/features/photos/watermark-probe.server";
import { signedIn } from "./client";

/** A binding whose PNG output is the input's bytes, plus a marker for each overlay it draws (or `drops`). */
function fakeBinding({ drops }: { drops: boolean }): ImagesBinding {
  const transformer = (drawn: number): ImageTransformer => ({
    transform: () => transformer(drawn),
    draw: () => transformer(drops ? drawn : drawn + 1),
    async output() {
      const bytes = new Uint8Array([137, 80, 78, 71, drawn]);
      return {
        response: () => new Response(bytes),
        contentType: () => "image/png",
        image: () => new Response(bytes).body!,
      };
    },
  });
  return {
    info: async () => ({ format: "image/png", fileSize: 5, width: 1, height: 1 }),
    input: () => transformer(0),
    hosted: undefined as never,
  };
}

describe("the watermark the editor promises", () => {
  it("is found drawn by a binding that draws, and missing from one that drops overlays", async () => {
    await expect(probeOverlays(fakeBinding({ drops: false }))).resolves.toBe(true);
    await expect(probeOverlays(fakeBinding({ drops: true }))).resolves.toBe(false);
  });

  it("is not drawn by the local Images binding (miniflare over sharp skips draw())", async () => {
    // Locally stored photos carry no watermark: Cloudflare's binding draws it (decision 0003).
    await expect(probeOverlays(env.IMAGES)).resolves.toBe(false);
  });

  it("is promised by the editor only where the image service draws it", async () => {
    const provider = await signedIn();
    const html = await (await provider.client.get("/profile/new")).text();
    expect(html).not.toContain("Photos are resized and watermarked.");
    expect(html).toContain(
      "This server&#x27;s image service cannot draw the watermark, so they are stored without one.",
    );
  });
});

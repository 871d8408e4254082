import { describe, expect, it } from "vitest";
import { client, createListingVia, signedIn } from "./client";
import { insertListing } from "./fixtures";

describe("the editor pages", () => {
  it("send a signed-out visitor to log in, carrying the path", async () => {
    for (const path of ["/profile/new", "/profile/edit/abcdefghij012345"]) {
      const res = await client().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("/profile/new: a blank form in edit mode, with the noscript note and no site header", async () => {
    const owner = await signedIn({ agency: true });
    const res = await owner.client.get("/profile/new");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("New Listing");
    expect(html).toContain("Save Draft");
    expect(html).toContain("Page 1 of 3");
    expect(html).toContain('<label for="field-firstName"');
    expect(html).toContain("<noscript>");
    expect(html).toContain('aria-label="Back to dashboard"');
    expect(html).not.toContain("Edit Profile");
  });

  it("/profile/new tells an Independent who already has a listing", async () => {
    const owner = await signedIn();
    await insertListing({ userId: owner.userId });
    const html = await (await owner.client.get("/profile/new")).text();
    expect(html).toContain("You already have a listing");
    expect(html).not.toContain("Page 1 of 3");
  });

  it("/profile/edit/{id}: the owner's listing in view mode", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner, { firstName: "Manaia" });
    const res = await owner.client.get(`/profile/edit/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Edit Listing: Manaia");
    expect(html).toContain("Edit Profile");
    expect(html).toContain('value="Manaia"');
  });

  it("another user's listing, a missing one and a malformed id are all 404", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    const stranger = await signedIn({ agency: true });
    for (const path of [`/profile/edit/${id}`, "/profile/edit/zzzzzzzzzzzzzzzz", "/profile/edit/not-an-id"]) {
      const res = await stranger.client.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Aroha");
    }
  });
});

// administrators' edits and photo deletions of other people's listings are audited;
// the admin grid and hidden listing pages are private, no-store; every JSON and .data answer says nosniff;
// oversized bodies are refused with 413 before they are read.
import { describe, expect, it } from "vitest";
import { auditRows } from "./admin-fixtures";
import { cast, client, createListingVia, uploadIds } from "./client";
import { rows, saveForm, validValues } from "./editor-fixtures";

async function imagesOf(id: string) {
  return rows<{ id: string; position: number }>(
    "SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position",
    id,
  );
}

describe("the audit log", () => {
  it("records an administrator's save of someone else's listing, not the owner's own save", async () => {
    const { admin, provider } = await cast();
    const id = await createListingVia(provider);
    const images = await imagesOf(id);
    const own = await provider.client.put("/api/profile", {
      multipart: saveForm(validValues({ tagLine: "Owner's own words" }), {
        listingId: id,
        imagePositions: images.map((i) => ({ imageId: i.id, position: i.position })),
      }),
    });
    expect(own.status).toBe(200);
    expect(await auditRows()).toEqual([]);

    const [added] = await uploadIds(admin, 1);
    const kept = images.slice(1);
    const res = await admin.client.put("/api/profile", {
      multipart: saveForm(validValues({ tagLine: "Edited by an administrator" }), {
        listingId: id,
        imagePositions: kept.map((i, n) => ({ imageId: i.id, position: n + 1 })),
        uploadIds: [{ uploadId: added, position: 3 }],
      }),
    });
    expect(res.status).toBe(200);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      admin_id: admin.userId,
      action: "edit_listing",
      listing_id: id,
      detail: "Photos: 1 removed, 1 added",
    });

    // It shows on /admin/audit with its label.
    const page = await (await admin.client.get("/admin/audit")).text();
    expect(page).toContain("Edited someone else&#x27;s listing");
  });

  it("records an administrator's photo deletion, not the owner's, and nothing for a refused one", async () => {
    const { admin, provider, stranger } = await cast();
    const id = await createListingVia(provider, {});
    const [a, b] = await imagesOf(id);
    expect((await provider.client.delete(`/api/profile/images/${a.id}`)).status).toBe(200);
    expect((await stranger.client.delete(`/api/profile/images/${b.id}`)).status).toBe(403);
    expect(await auditRows()).toEqual([]);

    expect((await admin.client.delete(`/api/profile/images/${b.id}`)).status).toBe(200);
    // A second delete of the same photo finds nothing and records nothing.
    expect((await admin.client.delete(`/api/profile/images/${b.id}`)).status).toBe(404);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.userId, action: "delete_photo", listing_id: id });
  });
});

describe("private pages", () => {
  it("the admin grid and a hidden listing viewed by its owner or an administrator are private, no-store", async () => {
    const { admin, provider } = await cast();
    const hidden = await createListingVia(provider);
    for (const path of ["/", "/locations/Auckland", "/_root.data", "/locations/Auckland.data"]) {
      const res = await admin.client.get(path);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    for (const who of [admin, provider]) {
      const res = await who.client.get(`/view/${hidden}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // Visitors' grid is not marked private by this rule.
    const visitor = await client().get("/");
    expect(visitor.headers.get("Cache-Control") ?? "").not.toContain("private");
  });
});

describe("nosniff", () => {
  it("JSON, single-fetch .data, errors and photos all send X-Content-Type-Options: nosniff", async () => {
    const { provider } = await cast();
    const id = await createListingVia(provider);
    const paths = [
      "/api/models",
      "/api/grid",
      `/api/model/${id}`,
      "/_root.data",
      `/view/${id}.data`,
      "/api/auth/status",
      "/no-such-page",
      "/api/nope",
    ];
    for (const path of paths) {
      const res = await provider.client.get(path);
      await res.arrayBuffer();
      expect(res.headers.get("X-Content-Type-Options"), `${path} (${res.status})`).toBe("nosniff");
    }
    const bad = await client().post("/api/auth/login", { json: "{" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("oversized bodies", () => {
  const big = "x".repeat(200 * 1024);

  it("a declared Content-Length over the cap gets 413 { error } on JSON APIs and page forms", async () => {
    const targets: [string, string][] = [
      ["/api/auth/login", "application/json"],
      ["/api/auth/request-password-reset", "application/json"],
      ["/login", "application/x-www-form-urlencoded"],
      ["/age-verification", "application/x-www-form-urlencoded"],
    ];
    for (const [path, type] of targets) {
      const res = await client().post(path, {
        raw: type.includes("json") ? JSON.stringify({ email: big }) : `email=${big}`,
        type,
      });
      expect(res.status, path).toBe(413);
      // JSON APIs answer { error }; a page's form post gets the error page with the same status.
      if (type.includes("json")) expect(((await res.json()) as { error: string }).error).toMatch(/too large/i);
      else await res.arrayBuffer();
    }
  });

  it("a streamed body with no Content-Length is cut off at the cap, not read to the end", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`email=${"y".repeat(16 * 1024)}`);
    const total = 400; // 400 × 16 KiB ≈ 6.4 MB offered
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const res = await client().post("/api/auth/login", { raw: stream, type: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/i);
    expect(pulled).toBeLessThan(total);
  });
});

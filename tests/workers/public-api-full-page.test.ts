// GET /api/LPmodels at its largest page (limit=100): the profiles' photos are read for all 100 listings in one
// statement, which must stay within D1's 100 bound parameters (a full page once answered a 500).
import { describe, expect, it } from "vitest";
import { client } from "./client";
import { insertListing } from "./fixtures";
import { insertImages } from "./public-fixtures";

describe("GET /api/LPmodels?limit=100", () => {
  it("answers a full page of 100 profiles, with their photos, and a cursor to the next", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await insertListing({ listedAt: 10_000 + i }));
    await insertImages(ids[100], [1, 2]);
    const res = await client().get("/api/LPmodels?limit=100");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { modelId: string; positions: string }[];
    expect(body).toHaveLength(100);
    // Newest first: the last inserted listing leads the page, with its two photos.
    expect(body[0]).toMatchObject({ modelId: ids[100], positions: "1,2" });
    expect(res.headers.get("X-Next-Cursor")).toBeTruthy();
  }, 60_000);
});

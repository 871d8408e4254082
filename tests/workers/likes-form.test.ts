// The heart without JavaScript: a plain form POST to /likes/{id} likes the listing for this browser (told
// apart by the server, as there is no stored visitor id) and sends it back to the page it came from.
import { describe, expect, it } from "vitest";
import { ERROR_MSG } from "~/features/site/messages";
import { newId } from "~/platform/data/ids";
import { insertListing } from "./fixtures";
import { client, freshIp } from "./client";
import { rows } from "./public-fixtures";

const likesOf = (id: string) => rows<{ visitor_id: string }>("SELECT visitor_id FROM likes WHERE listing_id = ?", id);
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe("POST /likes/{modelId} (no JavaScript)", () => {
  it("likes once for this browser and goes back to the page it was pressed on", async () => {
    const id = await insertListing();
    const browser = client({ ip: freshIp() });
    const headers = { Referer: "http://localhost/locations/Auckland?page=2", "User-Agent": FIREFOX };
    const first = await browser.post(`/likes/${id}`, { form: {} }, { headers });
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/locations/Auckland?page=2");
    expect(await likesOf(id)).toHaveLength(1);
    // The same browser again: still one like.
    expect((await browser.post(`/likes/${id}`, { form: {} }, { headers })).status).toBe(303);
    expect(await likesOf(id)).toHaveLength(1);
    // Another browser: its own.
    await client({ ip: freshIp() }).post(`/likes/${id}`, { form: {} }, { headers });
    expect(await likesOf(id)).toHaveLength(2);
    // The stored id is the server's own keyed one, never the address or the browser's name.
    for (const { visitor_id } of await likesOf(id)) {
      expect(visitor_id).toMatch(/^srv-[\w-]{32}$/);
    }
  });

  it("goes to the profile when the page it came from is unknown or another site's", async () => {
    const id = await insertListing();
    for (const referer of [undefined, "https://evil.example/view/x", "not a url", "http://localhost//evil.example"]) {
      const res = await client().post(`/likes/${id}`, { form: {} }, { headers: referer ? { Referer: referer } : {} });
      expect(res.status, referer).toBe(303);
      expect(res.headers.get("Location"), referer).toBe(`/view/${id}`);
    }
  });

  it("says what is wrong with a bad or unknown listing, and stores nothing", async () => {
    const hidden = await insertListing({ live: false });
    const cases: [string, number, string][] = [
      ["not-an-id!", 400, ERROR_MSG.invalidListingId],
      [newId(), 404, ERROR_MSG.modelNotFound],
      [hidden, 404, ERROR_MSG.modelNotFound],
    ];
    for (const [id, status, message] of cases) {
      const res = await client().post(`/likes/${id}`, { form: {} });
      expect(res.status, id).toBe(status);
      expect(await res.text(), id).toBe(message);
    }
    expect(await likesOf(hidden)).toEqual([]);
  });

  it("opened as an address, shows the profile", async () => {
    const id = await insertListing();
    const res = await client().get(`/likes/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/view/${id}`);
  });
});

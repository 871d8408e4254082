// The pure rules of insights counting (docs/decisions/0024-counting-off-the-request-path.md).
import { describe, expect, it } from "vitest";
import { countMarkKeyFor, marksOf, parseBeacon, photoKeyOf, MAX_BEACON_EVENTS } from "~/features/insights/count-events";
import { isCountableRequest } from "~/features/insights/countable-request";
import { listingOfPath } from "~/features/insights/beacon";

const ID = "a".repeat(16);
const CHROME =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

describe("which requests count", () => {
  it("a browser counts; crawlers and prefetches do not", () => {
    expect(isCountableRequest(new Headers({ "User-Agent": CHROME }))).toBe(true);
    expect(isCountableRequest(new Headers({ "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(
      false,
    );
    expect(isCountableRequest(new Headers({ "User-Agent": "curl/8.0" }))).toBe(false);
    for (const [name, value] of [
      ["Sec-Purpose", "prefetch"],
      ["Sec-Purpose", "prefetch;prerender"],
      ["Purpose", "prefetch"],
      ["X-Moz", "prefetch"],
    ]) {
      expect(isCountableRequest(new Headers({ "User-Agent": CHROME, [name]: value }))).toBe(false);
    }
  });
});

describe("the beacon's body", () => {
  it("takes impressions, photo opens and favourites", () => {
    expect(
      parseBeacon({
        events: [
          { kind: "impression", listing: ID, photo: "/photos/listing/x.w480.webp" },
          { kind: "photo", listing: ID, photo: "/photos/listing/y.webp" },
          { kind: "favourite", listing: ID },
        ],
      }),
    ).toEqual({
      ok: true,
      events: [
        { kind: "impression", listing: ID, photo: "listing/x.webp" },
        { kind: "photo", listing: ID, photo: "listing/y.webp" },
        { kind: "favourite", listing: ID },
      ],
    });
  });

  it("refuses what the server counts itself, bad ids, bad photos and too many events", () => {
    expect(parseBeacon({ events: [{ kind: "view", listing: ID }] }).ok).toBe(false);
    expect(parseBeacon({ events: [{ kind: "contact", listing: ID }] }).ok).toBe(false);
    expect(parseBeacon({ events: [{ kind: "impression", listing: "x" }] }).ok).toBe(false);
    expect(parseBeacon({ events: [{ kind: "photo", listing: ID }] }).ok).toBe(false);
    expect(parseBeacon({ events: [{ kind: "photo", listing: ID, photo: "/photos/../secret" }] }).ok).toBe(false);
    expect(parseBeacon({ events: "x" }).ok).toBe(false);
    expect(parseBeacon(null).ok).toBe(false);
    const many = Array.from({ length: MAX_BEACON_EVENTS + 1 }, () => ({ kind: "impression", listing: ID }));
    expect(parseBeacon({ events: many })).toEqual({ ok: false, error: `At most ${MAX_BEACON_EVENTS} events at once` });
  });

  it("reads a photo key from a card's or lightbox's URL", () => {
    expect(photoKeyOf("/photos/listing/abc.w960.webp")).toBe("listing/abc.webp");
    expect(photoKeyOf("listing/abc.webp")).toBe("listing/abc.webp");
    expect(photoKeyOf("/api/placeholder/300/400")).toBeUndefined();
    expect(photoKeyOf(42)).toBeUndefined();
  });

  it("finds the listing of a profile path", () => {
    expect(listingOfPath(`/view/${ID}`)).toBe(ID);
    expect(listingOfPath(`/profile/${ID}`)).toBe(ID);
    expect(listingOfPath("/")).toBeNull();
  });
});

describe("marks", () => {
  const at = Date.UTC(2026, 10, 26, 10);
  it("one per visitor, listing, kind and day; one per photo for photo opens", () => {
    const marks = marksOf([
      {
        at,
        visitor: "v1",
        events: [
          { kind: "view", listing: ID },
          { kind: "view", listing: ID },
        ],
      },
      { at, visitor: "v1", events: [{ kind: "photo", listing: ID, photo: "listing/a.webp" }] },
      { at, visitor: "v1", events: [{ kind: "photo", listing: ID, photo: "listing/b.webp" }] },
      { at, visitor: "v2", events: [{ kind: "view", listing: ID }] },
      { at: at + 86_400_000, visitor: "v1", events: [{ kind: "view", listing: ID }] },
    ]);
    expect(marks.map((m) => [m.kind, m.day, m.photo])).toEqual([
      ["view", "2026-11-26", null],
      ["photo", "2026-11-26", "listing/a.webp"],
      ["photo", "2026-11-26", "listing/b.webp"],
      ["view", "2026-11-26", null],
      ["view", "2026-11-27", null],
    ]);
  });

  it("a view keeps the key profile views have always used, so a deploy counts no one twice", () => {
    expect(countMarkKeyFor("view", ID, "h", "2026-11-26")).toBe(`views:${ID}:h:2026-11-26`);
    expect(countMarkKeyFor("impression", ID, "h", "2026-11-26")).toBe(`i-impression:${ID}:h:2026-11-26`);
  });

  it("skips events that could not have come from the app", () => {
    expect(
      marksOf([
        {
          at,
          visitor: "v",
          events: [
            { kind: "nope" as "view", listing: ID },
            { kind: "view", listing: "bad" },
            { kind: "photo", listing: ID },
          ],
        },
      ]),
    ).toEqual([]);
  });
});

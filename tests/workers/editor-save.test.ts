import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sessionCookieName, sha256Hex } from "~/platform/http/token-cookie.server";
import { newToken } from "~/platform/data/ids";
import { LISTING_MSG } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { action as createAction } from "~/routes/api.profiles";
import { snapshotKey } from "~/features/profile/profile.server";
import { client, createListingVia, signedIn, uploadIds } from "./client";
import type { SignedIn } from "./client";
import { countRows, positions, r2Keys, rows, saveForm, validValues } from "./editor-fixtures";
import { insertListing } from "./fixtures";
import { eventually, insertImages, insertRate } from "./public-fixtures";
import { backgroundWorkDone, sleep } from "./background";

type ListingRow = Record<string, unknown>;
const listingRow = async (id: string) => (await rows<ListingRow>("SELECT * FROM listings WHERE id = ?", id))[0];

describe("POST /api/profiles: a new listing", () => {
  it("writes the listing, photos, rates and special rates, and answers 201 with the profile", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    const values = validValues({
      rates: [
        { call_type: "incall", duration: "30min", price: "150", description: "" },
        { call_type: "incall", duration: "1hr", price: "250", description: "Most popular" },
        { call_type: "incall", duration: "2hr", price: "450", description: "" },
        { call_type: "outcall", duration: "1hr", price: "350", description: "" },
        { call_type: "outcall", duration: "Overnight", price: "1500", description: "" },
      ],
      specialRates: [{ serviceName: "Dinner date", duration: "180", rate: "700", description: "Dinner and drinks" }],
    });
    // Photos in the order 3, 1, 2.
    const plan = { uploadIds: [ids[0], ids[1], ids[2]].map((uploadId, i) => ({ uploadId, position: [2, 3, 1][i] })) };
    const res = await owner.client.post("/api/profiles", { multipart: saveForm(values, plan) });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const profile = (await res.json()) as Profile;
    expect(profile).toMatchObject({
      firstName: "Aroha",
      age: 27,
      location: "Auckland",
      suburb: "Ponsonby",
      verified: false,
      live: false,
    });
    expect(profile.images.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(profile.rates).toHaveLength(5);
    expect(profile.specialRates).toEqual([
      {
        id: expect.any(String),
        serviceName: "Dinner date",
        duration: "180",
        rate: 700,
        description: "Dinner and drinks",
      },
    ]);

    const row = await listingRow(profile.modelId);
    expect(row).toMatchObject({
      user_id: owner.userId,
      verified: 0,
      live: 0,
      active: 0,
      contact_phone: values.contactPhone.replace(/ /g, ""),
      rate30: 15000,
      rate60: 25000,
      rate120: 45000,
      orate30: null,
      orate60: 35000,
      orate120: null,
      image_count: 3,
      services: "GFE,Massage",
    });
    expect(row.listed_at).toBe(row.created_at);
    expect(row.updated_at).toBe(row.created_at);
    const [cover] = await rows<{ r2_key: string; width: number; height: number }>(
      "SELECT r2_key, width, height FROM listing_images WHERE listing_id = ? AND position = 1",
      profile.modelId,
    );
    expect(row.cover_key).toBe(cover.r2_key);
    expect([row.cover_width, row.cover_height]).toEqual([cover.width, cover.height]);
    // The upload named for position 1 is the cover.
    expect(profile.images[0].url).toBe(`/photos/${cover.r2_key}`);
    expect(await countRows("listing_rates", "listing_id = ?", profile.modelId)).toBe(5);
    // Hidden listings have no public snapshot.
    await backgroundWorkDone();
    expect(await env.PROFILES.get(snapshotKey(profile.modelId))).toBeNull();
  });

  it("reports the D1 statements of a save in local development", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(201);
    // listing + 3 images + their 3 hashes + the number's review (written only if held) + 1 rate + 3 upload
    // claims + cover = 13 in the batch.
    expect(res.headers.get("X-D1-Batch-Statements")).toBe("13");
    expect(Number(res.headers.get("X-D1-Statements"))).toBeGreaterThan(13);
  });

  it("needs a session (401) and the right method (405)", async () => {
    expect((await client().post("/api/profiles", { multipart: saveForm(validValues()) })).status).toBe(401);
    expect((await client().put("/api/profile", { multipart: saveForm(validValues()) })).status).toBe(401);
    expect((await client().delete("/api/profile/images/abcdefghij012345")).status).toBe(401);
    const owner = await signedIn({ agency: true });
    expect((await owner.client.get("/api/profiles")).status).toBe(405);
    expect((await owner.client.post("/api/profile", { multipart: saveForm(validValues()) })).status).toBe(405);
  });

  it("caps the whole body at 40 MB (413), even without a Content-Length", async () => {
    const owner = await signedIn({ agency: true });
    const boundary = "----bound";
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="additionalImages"; filename="a.jpg"\r\n\r\n`,
            ),
          );
        if (sent >= 42) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent++;
      },
    });
    const res = await owner.client.post("/api/profiles", {
      raw: body,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toContain("40 MB");
    expect(await countRows("listings")).toBe(0);
  });
});

describe("validation on the server: 400 {error, fieldErrors, page} and nothing stored", () => {
  // An existing listing with three saved photos, so each case tests its own rule only.
  async function ownListing(): Promise<{ owner: SignedIn; id: string }> {
    const owner = await signedIn({ agency: true });
    const id = await insertListing({ userId: owner.userId, firstName: "Before", live: false });
    await insertImages(id, [1, 2, 3]);
    await insertRate(id, "incall", "1hr", 20000);
    return { owner, id };
  }

  const cases: [string, Record<string, unknown>, string, string, number][] = [
    ["display name", { firstName: "" }, "firstName", "Display Name is required.", 1],
    ["service location", { location: "", suburb: "" }, "location", "Service Location is required.", 1],
    ["place of service", { calls: "" }, "calls", "Place of service is required.", 1],
    ["contact phone", { contactPhone: "" }, "contactPhone", "Contact phone is required", 1],
    ["tagline min", { tagLine: "short" }, "tagLine", "Tagline must be at least 10 characters.", 1],
    ["bio min", { description: "too short" }, "description", "Bio must be at least 50 characters.", 1],
    ["tagline max", { tagLine: "x".repeat(101) }, "tagLine", "Tagline must be no more than 100 characters.", 1],
    ["bio max", { description: "x".repeat(701) }, "description", "Bio must be no more than 700 characters.", 1],
    [
      "phone digits",
      { contactPhone: "12 34" },
      "contactPhone",
      "Please enter a valid phone number between 7-13 digits",
      1,
    ],
    ["region", { location: "Perth", suburb: "" }, "location", LISTING_MSG.region, 1],
    ["suburb in region", { suburb: "Riccarton" }, "suburb", "Choose a suburb in Auckland from the list.", 1],
    ["place enum", { calls: "Hotel" }, "calls", LISTING_MSG.place, 1],
    ["age required", { age: "" }, "age", "Age is required.", 2],
    ["age over 18", { age: "17" }, "age", "You must be 18 or older.", 2],
    ["age under 100", { age: "100" }, "age", "Age must be between 18 and 99", 2],
    ["age whole", { age: "30.5" }, "age", "Age must be between 18 and 99", 2],
    ["height number", { height: "tall" }, "height", "Height must be a valid number", 2],
    ["height min", { height: "79" }, "height", "Height must be at least 80", 2],
    ["weight max", { weight: "151" }, "weight", "Weight must be no more than 150", 2],
    ["dress size max", { dressSize: "41" }, "dressSize", "Dress size must be no more than 40", 2],
    ["body type", { bodyType: "Giant" }, "bodyType", LISTING_MSG.bodyType, 2],
    ["nationality", { nationality: "Klingon" }, "nationality", LISTING_MSG.nationality, 2],
    ["services subset", { services: ["GFE", "Bungy"] }, "services", "Choose services from the list.", 2],
    ["interests subset", { interests: ["Rugby"] }, "interests", "Choose interests from the list.", 2],
    ["favourites subset", { favorites: ["Beer"] }, "favorites", "Choose favourite things from the list.", 2],
    ["social link", { instagram: "javascript:alert(1)" }, "instagram", LISTING_MSG.social("Instagram"), 2],
    ["website", { website: "ftp://files.example.nz" }, "website", LISTING_MSG.website, 2],
    ["one rate", { rates: [] }, "rates", "Please add at least one incall or outcall rate.", 3],
    [
      "rate >= 0",
      { rates: [{ call_type: "incall", duration: "1hr", price: "-5", description: "" }] },
      "rates.0.price",
      "Price must be at least 0",
      3,
    ],
    [
      "rate number",
      { rates: [{ call_type: "incall", duration: "1hr", price: "lots", description: "" }] },
      "rates.0.price",
      "Price must be a valid number",
      3,
    ],
    [
      "duration enum",
      { rates: [{ call_type: "incall", duration: "5hr", price: "5", description: "" }] },
      "rates.0.duration",
      LISTING_MSG.duration,
      3,
    ],
    [
      "call type enum",
      { rates: [{ call_type: "visit", duration: "1hr", price: "5", description: "" }] },
      "rates.0.call_type",
      LISTING_MSG.callType,
      3,
    ],
    [
      "availability cap",
      { availability: "x".repeat(501) },
      "availability",
      "Availability must be no more than 500 characters.",
      3,
    ],
  ];

  it("every rule answers its message beside its field, with its page", async () => {
    // Each listing takes at most ten saves so the write allowance (30 a minute per user) never trips.
    let current = await ownListing();
    for (const [index, [name, over, field, message, page]] of cases.entries()) {
      if (index > 0 && index % 10 === 0) current = await ownListing();
      const body = saveForm(validValues(over as never), { listingId: current.id });
      const res = await current.owner.client.put("/api/profile", { multipart: body });
      expect(res.status, name).toBe(400);
      const json = (await res.json()) as { error: string; fieldErrors: Record<string, string>; page: number };
      expect(json.fieldErrors[field], name).toBe(message);
      expect(json.page, name).toBe(page);
      expect(json.error, name).toBe(`Please fix the issues on page ${page} before saving.`);
      expect((await listingRow(current.id)).first_name, name).toBe("Before");
    }
  });

  it("needs three photos: 'A minimum of 3 photos is required.' on page 1", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 2);
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fieldErrors: { images: "A minimum of 3 photos is required." }, page: 1 });
    expect(await countRows("listings")).toBe(0);
    expect(await countRows("pending_uploads")).toBe(2);
  });

  it("malformed parts are a 400, never a 500", async () => {
    const owner = await signedIn({ agency: true });
    const fd = saveForm(validValues());
    fd.set("uploadIds", "[not json");
    const res = await owner.client.post("/api/profiles", { multipart: fd });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "uploadIds is not valid JSON" });
  });
});

describe("PUT /api/profile: editing", () => {
  it("reorders, adds a photo, replaces rates, keeps a live listing live and refreshes its snapshot", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    // An administrator verified and published it meanwhile.
    await env.DB.prepare(
      "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, paid = 1, live = 1 WHERE id = ?",
    )
      .bind(id)
      .run();
    const before = await listingRow(id);
    const images = await rows<{ id: string; position: number; r2_key: string }>(
      "SELECT id, position, r2_key FROM listing_images WHERE listing_id = ? ORDER BY position",
      id,
    );
    const [added] = await uploadIds(owner, 1);
    await sleep(5);
    const values = validValues({
      tagLine: "Freshly updated tagline",
      rates: [{ call_type: "outcall", duration: "1hr", price: "380", description: "" }],
    });
    // New photo first, then the old ones reversed.
    const body = saveForm(values, {
      listingId: id,
      imagePositions: images.map((img, i) => ({ imageId: img.id, position: 4 - i })),
      uploadIds: [{ uploadId: added, position: 1 }],
    });
    const res = await owner.client.put("/api/profile", { multipart: body });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Profile;
    expect(profile.live).toBe(true);
    expect(profile.tagLine).toBe("Freshly updated tagline");
    expect(profile.images.map((i) => i.imageId).slice(1)).toEqual(images.map((i) => i.id).reverse());
    expect(profile.images.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(profile.rates.map((r) => [r.call_type, r.duration, r.price])).toEqual([["outcall", "1hr", 380]]);

    const after = await listingRow(id);
    expect(after).toMatchObject({ live: 1, verified: 1, rate60: null, orate60: 38000, image_count: 4 });
    expect(after.updated_at as number).toBeGreaterThan(before.updated_at as number);
    expect(after.listed_at).toBe(before.listed_at);
    expect(after.cover_key).toBe(profile.images[0].url.replace("/photos/", ""));
    expect(await countRows("listing_rates", "listing_id = ?", id)).toBe(1);
    await backgroundWorkDone();
    const snapshot = JSON.parse((await env.PROFILES.get(snapshotKey(id)))!) as Profile;
    expect(snapshot.tagLine).toBe("Freshly updated tagline");
  });

  it("another user's listing cannot be saved (403) and is untouched", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    const stranger = await signedIn({ agency: true });
    const res = await stranger.client.put("/api/profile", {
      multipart: saveForm(validValues({ firstName: "Hijack" }), { listingId: id }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "You can only edit your own listings" });
    expect((await listingRow(id)).first_name).toBe("Aroha");
    // A missing listing answers the same, so ids cannot be probed.
    const missing = await stranger.client.put("/api/profile", {
      multipart: saveForm(validValues(), { listingId: "zzzzzzzzzzzzzzzz" }),
    });
    expect(missing.status).toBe(403);
  });

  it("cannot move another listing's photo into this one", async () => {
    const owner = await signedIn({ agency: true });
    const mine = await createListingVia(owner);
    const other = await createListingVia(owner);
    const [foreign] = await rows<{ id: string }>("SELECT id FROM listing_images WHERE listing_id = ? LIMIT 1", other);
    const res = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues(), { listingId: mine, imagePositions: [{ imageId: foreign.id, position: 1 }] }),
    });
    expect(res.status).toBe(400);
    expect(await countRows("listing_images", "listing_id = ?", other)).toBe(3);
  });
});

describe("the save batch is atomic", () => {
  it("a failing statement leaves no listing, no rows, no new objects, and the uploads still usable", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    // Force the batch's special-rate insert to fail, after the listing, image and rate inserts ran.
    await env.DB.exec(
      "CREATE TRIGGER fail_special BEFORE INSERT ON listing_special_rates BEGIN SELECT RAISE(ABORT, 'forced failure'); END;",
    );
    const values = validValues({
      specialRates: [{ serviceName: "Dinner date", duration: "120", rate: "500", description: "" }],
    });
    const res = await owner.client.post("/api/profiles", {
      multipart: saveForm(values, { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Profile update failed" });
    expect(await countRows("listings")).toBe(0);
    expect(await countRows("listing_images")).toBe(0);
    expect(await countRows("listing_rates")).toBe(0);
    expect(await countRows("pending_uploads", "user_id = ?", owner.userId)).toBe(3);
    expect(await r2Keys("listing/")).toEqual([]);
    expect(await r2Keys("pending/")).toHaveLength(3);

    // The same uploads save fine once the fault is gone.
    await env.DB.exec("DROP TRIGGER fail_special;");
    const retry = await owner.client.post("/api/profiles", {
      multipart: saveForm(values, { uploadIds: positions(ids) }),
    });
    expect(retry.status).toBe(201);
  });

  it("an edit that fails half-way changes nothing", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    const before = await listingRow(id);
    const images = await rows<{ id: string; position: number }>(
      "SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position",
      id,
    );
    await env.DB.exec(
      "CREATE TRIGGER fail_rate BEFORE INSERT ON listing_rates BEGIN SELECT RAISE(ABORT, 'forced failure'); END;",
    );
    const body = saveForm(validValues({ firstName: "Changed" }), {
      listingId: id,
      imagePositions: images.map((img, i) => ({ imageId: img.id, position: 3 - i })),
    });
    const res = await owner.client.put("/api/profile", { multipart: body });
    expect(res.status).toBe(500);
    expect(await listingRow(id)).toEqual(before);
    expect(await rows("SELECT id, position FROM listing_images WHERE listing_id = ? ORDER BY position", id)).toEqual(
      images,
    );
    expect(await countRows("listing_rates", "listing_id = ?", id)).toBe(1);
    await env.DB.exec("DROP TRIGGER fail_rate;");
  });
});

describe("who may create listings", () => {
  it("an Independent holds one listing (409)", async () => {
    const independent = await signedIn();
    await createListingVia(independent);
    const ids = await uploadIds(independent, 3);
    const res = await independent.client.post("/api/profiles", {
      multipart: saveForm(validValues(), { uploadIds: positions(ids) }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "An Independent account can hold one listing. Sign up as an Agency to manage several listings.",
    });
    expect(await countRows("listings", "user_id = ?", independent.userId)).toBe(1);
  });

  // Apart from the Independent's case: each uploads and saves photos, which on a loaded machine took the two
  // together past the time limit.
  it("an Agency holds many", async () => {
    const agency = await signedIn({ agency: true });
    await createListingVia(agency);
    await createListingVia(agency);
    expect(await countRows("listings", "user_id = ?", agency.userId)).toBe(2);
  });

  it("two simultaneous creates by an Independent make one listing", async () => {
    const independent = await signedIn();
    const a = await uploadIds(independent, 3);
    const b = await uploadIds(independent, 3);
    const [r1, r2] = await Promise.all([
      independent.client.post("/api/profiles", { multipart: saveForm(validValues(), { uploadIds: positions(a) }) }),
      independent.client.post("/api/profiles", { multipart: saveForm(validValues(), { uploadIds: positions(b) }) }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
    expect(await countRows("listings", "user_id = ?", independent.userId)).toBe(1);
    await backgroundWorkDone();
    // The refused save left no public objects behind: only the saved listing's three.
    expect(await r2Keys("listing/")).toHaveLength(3);
  });

  it("creation from outside New Zealand is refused outside local development", async () => {
    const owner = await signedIn({ agency: true });
    // Production settings: the Secure __Host- session cookie and a request from Australia.
    const token = newToken();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
    )
      .bind(await sha256Hex(token), owner.userId, now, now, now + 86_400_000)
      .run();
    const call = (country: string | undefined) =>
      createAction({
        request: new Request("https://kiwi.example.nz/api/profiles", {
          method: "POST",
          headers: { Cookie: `${sessionCookieName(true)}=${token}` },
          body: saveForm(validValues()),
        }),
        params: {},
        context: {
          cloudflare: {
            env: { ...env, APP_ENV: "production" } as unknown as Env,
            ctx: { waitUntil: () => undefined, passThroughOnException: () => undefined },
            cf: (country ? { country } : {}) as never,
          },
        },
      });
    const refused = await call("AU");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "New listings can only be created from within New Zealand." });
    // From NZ (or with no country) the request goes on to the normal checks: here, no photos.
    const fromNz = await call("NZ");
    expect(fromNz.status).toBe(400);
    expect(((await fromNz.json()) as { fieldErrors: Record<string, string> }).fieldErrors.images).toBe(
      "A minimum of 3 photos is required.",
    );
    expect((await call(undefined)).status).toBe(400);
    expect(await countRows("listings")).toBe(0);
  });

  it("in local development any country counts as New Zealand", async () => {
    const owner = await signedIn({ agency: true });
    const ids = await uploadIds(owner, 3);
    const res = await owner.client.post(
      "/api/profiles",
      { multipart: saveForm(validValues(), { uploadIds: positions(ids) }) },
      { cf: { country: "US" } },
    );
    expect(res.status).toBe(201);
  });
});

describe("DELETE /api/profile/images/{imageId}", () => {
  it("removes the row and the object, renumbers 1..n and moves the cover", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    const images = await rows<{ id: string; r2_key: string }>(
      "SELECT id, r2_key FROM listing_images WHERE listing_id = ? ORDER BY position",
      id,
    );
    const res = await owner.client.delete(`/api/profile/images/${images[0].id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      modelId: id,
      images: [
        { imageId: images[1].id, position: 1 },
        { imageId: images[2].id, position: 2 },
      ],
    });
    await eventually(async () => (await env.PHOTOS.head(images[0].r2_key)) === null, 5000);
    expect(await listingRow(id)).toMatchObject({ cover_key: images[1].r2_key, image_count: 2 });
    expect((await client().get(`/photos/${images[0].r2_key}`)).status).toBe(404);
  });

  it("another user's photo cannot be deleted (403); an unknown one is 404", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    const [image] = await rows<{ id: string; r2_key: string }>(
      "SELECT id, r2_key FROM listing_images WHERE listing_id = ? LIMIT 1",
      id,
    );
    const stranger = await signedIn({ agency: true });
    const res = await stranger.client.delete(`/api/profile/images/${image.id}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "You can only delete photos of your own listings" });
    expect(await countRows("listing_images", "listing_id = ?", id)).toBe(3);
    expect(await env.PHOTOS.head(image.r2_key)).not.toBeNull();
    expect((await owner.client.delete("/api/profile/images/zzzzzzzzzzzzzzzz")).status).toBe(404);
    expect((await owner.client.delete("/api/profile/images/not-an-id")).status).toBe(404);
  });
});

describe("open pages are told", () => {
  it("a save of a public listing publishes profileUpdate to the realtime room", async () => {
    const owner = await signedIn({ agency: true });
    const id = await createListingVia(owner);
    await env.DB.prepare(
      "UPDATE listings SET awaiting_consent = 0, agency_held = 0, verified = 1, paid = 1, live = 1 WHERE id = ?",
    )
      .bind(id)
      .run();
    const res = await client().get("/parties/listings-room/public-31", { headers: { Upgrade: "websocket" } });
    const socket = res.webSocket!;
    const messages: { type?: string; modelId?: string }[] = [];
    socket.accept();
    socket.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    const saved = await owner.client.put("/api/profile", {
      multipart: saveForm(validValues({ tagLine: "Told everyone about it" }), { listingId: id }),
    });
    expect(saved.status).toBe(200);
    const deadline = Date.now() + 3000;
    while (!messages.some((m) => m.modelId === id) && Date.now() < deadline) await sleep(20);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: "profileUpdate", modelId: id, visible: true, entered: false }),
    );
    await new Promise<void>((resolve) => {
      socket.addEventListener("close", () => resolve());
      socket.close(1000, "done");
      setTimeout(resolve, 500);
    });
  });
});

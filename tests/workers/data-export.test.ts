// 'Your data': after the password, one zip with every row of the account in each table the export
// covers, and no one else's; the photos' bytes; nothing secret. The download link works for two minutes in
// the session that asked for it only, and once.
import { env } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { EXPORTED_TABLES } from "~/features/dashboard/data-export";
import { isSystemTable, NOT_EXPORTED_TABLES } from "~/features/dashboard/data-export-skipped";
import { newId } from "~/platform/data/ids";
import {
  archiveResponse,
  claimExportLink,
  EXPORT_LINK_MSG,
  EXPORT_LINK_TTL_MS,
  exportLinkValid,
} from "~/features/dashboard/data-export.server";
import { readAccountData } from "~/features/dashboard/data-export-rows.server";
import { getDb } from "~/platform/data/db.server";
import { REAUTH_MSG } from "~/features/accounts/reauth.server";
import { PASSWORD, waitForMail } from "./auth-fixtures";
import { client, logIn, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";

const run = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .run();

/** A listing of `owner` with photos in R2, rates, a special rate and two months of stats. */
async function richListing(owner: string, firstName: string, photos = 3, photoBytes = 0) {
  const id = await insertListing({ userId: owner, firstName });
  for (let i = 0; i < photos; i++) {
    const key = `listing/${newId(24)}.webp`;
    const label = new TextEncoder().encode(`photo ${i} of ${id}`);
    const bytes = new Uint8Array(Math.max(photoBytes, label.length)).fill(i + 1);
    bytes.set(label);
    await env.PHOTOS.put(key, bytes);
    await run(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, 600, 800, ?)",
      newId(),
      id,
      key,
      i + 1,
      Date.now(),
    );
  }
  await run(
    "INSERT INTO listing_rates (id, listing_id, call_type, duration, price, description) VALUES (?, ?, 'incall', '1hr', 30000, '')",
    newId(),
    id,
  );
  await run(
    "INSERT INTO listing_special_rates (id, listing_id, service_name, rate, position) VALUES (?, ?, 'Dinner date', 50000, 0)",
    newId(),
    id,
  );
  await run(
    "INSERT INTO tour_stops (listing_id, position, region, suburb, start_date, end_date) VALUES (?, 1, 'Wellington', 'Te Aro', '2099-12-03', '2099-12-05')",
    id,
  );
  await run(
    "INSERT INTO listing_daily (listing_id, day, impressions, views, contacts) VALUES (?, '2026-11-20', 120, 12, 3)",
    id,
  );
  await run(
    "INSERT INTO listing_photo_daily (listing_id, day, photo, shown, opened) VALUES (?, '2026-11-20', 'listing/x.webp', 120, 2)",
    id,
  );
  for (const [region, views] of [
    ["Auckland", 9],
    ["Otago", 2],
  ] as const)
    await run(
      "INSERT INTO listing_region_daily (listing_id, day, region, views) VALUES (?, '2026-11-20', ?, ?)",
      id,
      region,
      views,
    );
  for (const month of ["2026-10", "2026-11"])
    await run(
      "INSERT INTO listing_stats (listing_id, month, views, contacts, likes) VALUES (?, ?, 7, 2, 1)",
      id,
      month,
    );
  return id;
}

/** A provider signed in with a real password, with two listings and a plan request. */
async function providerWithData(): Promise<SignedIn & { listings: string[] }> {
  const me = await signedIn({ logIn: true, agency: true, firstName: "Aroha" });
  const listings = [await richListing(me.userId, "Ruby"), await richListing(me.userId, "Mere Rose")];
  await run(
    "INSERT INTO plan_requests (id, user_id, tier, price_cents, created_at) VALUES (?, ?, 'featured', 7500, ?)",
    newId(),
    me.userId,
    Date.now(),
  );
  return { ...me, listings };
}

async function ask(as: { cookie: string }, password: string) {
  return client({ cookie: as.cookie }).post("/account/your-data", { form: { currentPassword: password } });
}

/** The archive's link in the answer page's refresh (its & written as &amp; in the HTML). */
function downloadLink(html: string): string {
  const refresh = /<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(html);
  expect(refresh, "the page follows the archive's link").not.toBeNull();
  return refresh![1].replaceAll("&amp;", "&");
}

async function download(as: { cookie: string }): Promise<Record<string, Uint8Array>> {
  const asked = await ask(as, PASSWORD);
  // The page comes back saying the download has started, and follows the one-time link by a refresh.
  expect(asked.status).toBe(200);
  const link = downloadLink(await asked.text());
  expect(link).toMatch(/^\/account\/your-data\/archive\?/);
  const res = await client({ cookie: as.cookie }).get(link);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/zip");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const jsonOf = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]));

describe("what the archive covers", () => {
  it("names every table of the database: exported, or left out with a reason", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{
      name: string;
    }>();
    const tables = results.map((r) => r.name).filter((name) => !isSystemTable(name) && !name.includes("_fts"));
    const decided = [...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED_TABLES)];
    expect(
      tables.filter((t) => !decided.includes(t)),
      "tables with no export decision",
    ).toEqual([]);
    expect(
      decided.filter((t) => !tables.includes(t)),
      "decisions about tables that do not exist",
    ).toEqual([]);
  });
});

describe("POST /account/your-data", () => {
  it("refuses a wrong password beside the field, and makes no link", async () => {
    const me = await providerWithData();
    const res = await ask(me, "not my password");
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    const html = await res.text();
    expect(html).toContain(REAUTH_MSG.wrong);
    expect(html).toContain('id="data-export-password-error"');
    const events = await env.DB.prepare("SELECT event FROM security_events WHERE user_id = ?")
      .bind(me.userId)
      .all<{ event: string }>();
    expect(events.results.map((e) => e.event)).not.toContain("data_exported");
  });

  it("sends a signed-out visitor to the login page", async () => {
    const res = await client().post("/account/your-data", { form: { currentPassword: PASSWORD } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the archive", () => {
  it("holds the account's rows in every exported table, the photos' bytes, and no one else's data", async () => {
    const me = await providerWithData();
    const other = await providerWithData();
    const files = await download(me);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "README.txt",
        "account.json",
        "payments.json",
        "plans.json",
        "security-log.json",
        "verification-requests.json",
        ...["01-ruby", "02-mere-rose"].flatMap((folder) => [
          `listings/${folder}/listing.json`,
          `listings/${folder}/photos/01.webp`,
          `listings/${folder}/photos/02.webp`,
          `listings/${folder}/photos/03.webp`,
          `listings/${folder}/stats.json`,
          `listings/${folder}/insights.json`,
        ]),
      ].sort(),
    );

    const account = jsonOf(files, "account.json");
    expect(account.account).toMatchObject({ id: me.userId, email: me.email, first_name: "Aroha" });
    expect(account.account).not.toHaveProperty("password_hash");
    expect(account.sessions).toHaveLength(1);
    expect(account.sessions[0]).not.toHaveProperty("id");
    expect(account.sessions[0]).toHaveProperty("last_seen_at");

    // The listings table, for each listing, with its rates and photos.
    const { results: columns } = await env.DB.prepare("PRAGMA table_info(listings)").all<{ name: string }>();
    const ruby = jsonOf(files, "listings/01-ruby/listing.json");
    // Every column the export takes (all but the stale-check link's hash, a secret).
    for (const { name } of columns) {
      if (name === "stale_token_hash") expect(ruby).not.toHaveProperty(name);
      else expect(ruby, name).toHaveProperty(name);
    }
    expect(ruby).toMatchObject({ id: me.listings[0], user_id: me.userId, first_name: "Ruby" });
    expect(ruby.rates).toHaveLength(1);
    expect(ruby.specialRates).toMatchObject([{ service_name: "Dinner date", rate: 50000 }]);
    expect(ruby.tourStops).toEqual([
      {
        listing_id: me.listings[0],
        position: 1,
        region: "Wellington",
        suburb: "Te Aro",
        start_date: "2099-12-03",
        end_date: "2099-12-05",
      },
    ]);
    expect(ruby.images.map((i: { position: number }) => i.position)).toEqual([1, 2, 3]);
    expect(jsonOf(files, "listings/02-mere-rose/stats.json")).toMatchObject([
      { month: "2026-10" },
      { month: "2026-11" },
    ]);
    // Its insights: the daily rows and each photo's counts, nothing about any visitor.
    expect(jsonOf(files, "listings/01-ruby/insights.json")).toEqual({
      months: [],
      daily: [
        {
          listing_id: me.listings[0],
          day: "2026-11-20",
          impressions: 120,
          views: 12,
          photo_opens: 0,
          contacts: 3,
          likes: 0,
          favourites: 0,
        },
      ],
      photos: [
        {
          listing_id: me.listings[0],
          day: "2026-11-20",
          photo: "listing/x.webp",
          shown: 120,
          opened: 2,
          card_opens: 0,
        },
      ],
      // Views by visitor region as the insights page shows them: a small count is not a number.
      regions: [
        { listing_id: me.listings[0], day: "2026-11-20", region: "Auckland", views: 9 },
        { listing_id: me.listings[0], day: "2026-11-20", region: "Otago", views: "fewer than 5" },
      ],
      // When it was public, and on which plan and in which region: the days its weekly statement covers.
      publicSpans: [
        {
          listing_id: me.listings[0],
          started_at: expect.any(Number),
          ended_at: null,
          featured: 0,
          location: "Auckland",
        },
      ],
    });
    expect(strFromU8(files["listings/01-ruby/photos/02.webp"])).toBe(`photo 1 of ${me.listings[0]}`);

    // The plan each listing is on (not only a plan picked before signing up, which most accounts never have).
    const plans = jsonOf(files, "plans.json");
    expect(plans.listings).toEqual([
      expect.objectContaining({ listing_id: me.listings[0], first_name: "Ruby", plan: "standard", status: "active" }),
      expect.objectContaining({ listing_id: me.listings[1], first_name: "Mere Rose", plan: "standard" }),
    ]);
    expect(plans.listings[0].period_end).toEqual(expect.any(Number));
    expect(plans.chosenBeforeSignUp).toMatchObject([{ tier: "featured", price_cents: 7500 }]);
    // Each listing's subscription, without the provider's stored-card token.
    const billing = jsonOf(files, "payments.json");
    expect(billing.subscriptions.map((r: { listing_id: string }) => r.listing_id).sort()).toEqual(
      [...me.listings].sort(),
    );
    expect(billing.subscriptions[0]).not.toHaveProperty("method_ref");
    expect(billing).toMatchObject({ payments: [], ledger: [], receipts: [] });
    expect(jsonOf(files, "security-log.json").map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(["login", "data_exported"]),
    );

    // Nothing of the other provider, and no secret, anywhere in the archive.
    const text = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    for (const theirs of [other.userId, other.email, ...other.listings]) expect(text).not.toContain(theirs);
    const { results: hashes } = await env.DB.prepare(
      "SELECT password_hash AS secret FROM users WHERE id = ? UNION ALL SELECT id FROM sessions WHERE user_id = ?",
    )
      .bind(me.userId, me.userId)
      .all<{ secret: string }>();
    for (const { secret } of hashes) expect(text).not.toContain(secret);
  });

  it("lists a photo R2 cannot give instead of cutting the archive short", async () => {
    const me = await providerWithData();
    const [{ r2_key }] = (
      await env.DB.prepare("SELECT r2_key FROM listing_images WHERE listing_id = ? AND position = 2")
        .bind(me.listings[0])
        .all<{ r2_key: string }>()
    ).results;
    await env.PHOTOS.delete(r2_key);
    const files = await download(me);
    expect(files["listings/01-ruby/photos/02.webp"]).toBeUndefined();
    expect(strFromU8(files["listings/01-ruby/missing-photos.txt"])).toContain("listings/01-ruby/photos/02.webp");
    expect(strFromU8(files["listings/01-ruby/photos/03.webp"])).toBe(`photo 2 of ${me.listings[0]}`);
  });

  it("e-mails the owner that a copy was downloaded", async () => {
    const me = await providerWithData();
    await download(me);
    const mail = await waitForMail(me.email, "data was downloaded");
    expect(mail.text_body).toContain("If it was not you");
  });

  it("holds the largest account: ten listings of twenty photos each", async () => {
    const me = await signedIn({ logIn: true, agency: true });
    for (let i = 0; i < 10; i++) await richListing(me.userId, `Listing ${i}`, 20);
    const files = await download(me);
    expect(Object.keys(files).filter((name) => name.endsWith(".webp"))).toHaveLength(200);
    expect(Object.keys(files).filter((name) => name.endsWith("/listing.json"))).toHaveLength(10);
  }, 60_000);

  // The Worker's memory (128 MB) is the limit: the archive must be read from R2 as it is sent, never held.
  // 200 photos of 256 kB (51 MB) are counted as they are fetched: the first megabyte out needs only a few.
  it("streams the largest account: photos are fetched as the archive is read, not all first", async () => {
    const me = await signedIn({ logIn: true, agency: true });
    for (let i = 0; i < 10; i++) await richListing(me.userId, `Listing ${i}`, 20, 256 * 1024);
    let fetched = 0;
    const photos = new Proxy(env.PHOTOS, {
      get(target, prop) {
        if (prop === "get")
          return (...args: Parameters<R2Bucket["get"]>) => {
            fetched++;
            return target.get(...args);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const account = await readAccountData(getDb(env), me.userId);
    const reader = archiveResponse({ ...env, PHOTOS: photos }, account!, Date.now()).body!.getReader();
    let sent = 0;
    while (sent < 1024 * 1024) {
      const { value, done } = await reader.read();
      if (done) break;
      sent += value.byteLength;
    }
    expect(fetched, "photos fetched when the first megabyte went out").toBeLessThanOrEqual(8);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      sent += value.byteLength;
    }
    expect(fetched).toBe(200);
    expect(sent).toBeGreaterThan(200 * 256 * 1024);
  }, 120_000);
});

describe("the download link", () => {
  it("works only in the session that asked, only for two minutes, and only as made", async () => {
    const me = await providerWithData();
    const link = downloadLink(await (await ask(me, PASSWORD)).text());
    const url = new URL(link, "http://x");
    // Another session of the same account, and a visitor signed out.
    const otherSession = await logIn(me.email);
    expect((await client({ cookie: otherSession }).get(link)).status).toBe(403);
    expect((await client().get(link)).status).toBe(401);
    // Tampered with: a later expiry, or another signature.
    const later = new URLSearchParams(url.search);
    later.set("e", String(Number(later.get("e")) + 60_000));
    expect((await client({ cookie: me.cookie }).get(`${url.pathname}?${later}`)).status).toBe(403);
    const forged = new URLSearchParams(url.search);
    forged.set("t", "A".repeat(43));
    expect((await client({ cookie: me.cookie }).get(`${url.pathname}?${forged}`)).status).toBe(403);
    for (const junk of ["", "?e=abc&t=", `?e=${"9".repeat(400)}&t=x`])
      expect((await client({ cookie: me.cookie }).get(`${url.pathname}${junk}`)).status).toBe(403);
    // Expired: the same link, read two minutes later.
    const [{ id: sessionId }] = (
      await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at LIMIT 1")
        .bind(me.userId)
        .all<{ id: string }>()
    ).results;
    expect(await exportLinkValid(env, me.userId, sessionId, url.searchParams)).toBe(true);
    expect(await exportLinkValid(env, me.userId, sessionId, url.searchParams, Date.now() + EXPORT_LINK_TTL_MS)).toBe(
      false,
    );
    // The real one still works.
    expect((await client({ cookie: me.cookie }).get(link)).status).toBe(200);
  });

  it("works once: a second download is refused with 410 and where to ask again; a new export works", async () => {
    const me = await providerWithData();
    const link = downloadLink(await (await ask(me, PASSWORD)).text());
    const first = await client({ cookie: me.cookie }).get(link);
    expect(first.status).toBe(200);
    await first.arrayBuffer();

    const second = await client({ cookie: me.cookie }).get(link);
    expect(second.status).toBe(410);
    expect(second.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(second.headers.get("Cache-Control")).toBe("no-store");
    const text = await second.text();
    expect(text).toContain(EXPORT_LINK_MSG.used);
    expect(text).toContain("/account/your-data");

    // Only the hash of the link's signature is kept, marked used.
    const t = new URL(link, "http://x").searchParams.get("t")!;
    const stored = await env.DB.prepare("SELECT id, used_at FROM data_export_links WHERE user_id = ?")
      .bind(me.userId)
      .all<{ id: string; used_at: number | null }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0].id).not.toContain(t);
    expect(stored.results[0].used_at).toBeGreaterThan(0);

    // Asking again gives a new link, which works (once).
    const again = downloadLink(await (await ask(me, PASSWORD)).text());
    expect(again).not.toBe(link);
    const fresh = await client({ cookie: me.cookie }).get(again);
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
  });

  it("two downloads racing with one link: only one gets the archive", async () => {
    const me = await providerWithData();
    const link = downloadLink(await (await ask(me, PASSWORD)).text());
    const answers = await Promise.all([1, 2, 3].map(() => client({ cookie: me.cookie }).get(link)));
    for (const res of answers) await res.arrayBuffer();
    expect(answers.map((res) => res.status).sort()).toEqual([200, 410, 410]);
  });

  it("a link that passes its signature but was never made, or is another account's, is not claimed", async () => {
    const me = await providerWithData();
    const other = await signedIn({ logIn: true });
    const link = downloadLink(await (await ask(me, PASSWORD)).text());
    const params = new URL(link, "http://x").searchParams;
    expect(await claimExportLink(env, other.userId, params)).toBe("unknown");
    const unknown = new URLSearchParams(params);
    unknown.set("t", "B".repeat(43));
    expect(await claimExportLink(env, me.userId, unknown)).toBe("unknown");
    // Past its expiry it is not claimed either, even unused.
    expect(await claimExportLink(env, me.userId, params, Date.now() + EXPORT_LINK_TTL_MS + 1)).toBe("unknown");
    expect(await claimExportLink(env, me.userId, params)).toBe("claimed");
    expect(await claimExportLink(env, me.userId, params)).toBe("used");
  });
});

// The one-time link service (docs/decisions/0036-one-time-link-service.md): every kind of link (password
// reset, e-mail change and its cancel link, sign-up confirmation, the stale-listing check, the data-export
// download) is peeked at without being spent, spent once, refused as used the second time and as expired
// after its time; and every page whose URL holds a token answers with one header policy (no-store,
// strict-origin, noindex).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_LINK,
  EMAIL_CHANGE_CANCEL_LINK,
  EMAIL_CHANGE_LINK,
  RESET_LINK,
} from "~/features/accounts/link-kinds.server";
import { MSG } from "~/features/accounts/auth-schemas";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { claimExportLink, EXPORT_LINK } from "~/features/dashboard/data-export.server";
import { STALE_ERRORS, STALE_LINK } from "~/features/listings/stale-check.server";
import { STALE_LINK_DAYS } from "~/features/listings/upkeep";
import { getDb } from "~/platform/data/db.server";
import { newLink, peekLink, spendLink } from "~/platform/data/one-time-links.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";
import { createAccount } from "./auth-fixtures";
import { client } from "./client";
import { insertListing } from "./fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A link of each kind, planted as its issuer would store it; `expired` plants one whose time is over. */
type Planter = (hash: string, expired: boolean) => Promise<void>;

async function owner() {
  return (await createAccount()).id;
}

const KINDS: { name: string; kind: LinkKind; plant: Planter }[] = [
  {
    name: "password reset",
    kind: RESET_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const now = Date.now();
      await env.DB.prepare(
        "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      )
        .bind(hash, await owner(), now, expired ? now - 1 : now + HOUR)
        .run();
    },
  },
  {
    name: "e-mail change",
    kind: EMAIL_CHANGE_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const now = Date.now();
      await env.DB.prepare(
        "INSERT INTO email_changes (token_hash, user_id, new_email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(hash, await owner(), `new-${now}@test.nz`, now, expired ? now - 1 : now + DAY)
        .run();
    },
  },
  {
    name: "sign-up confirmation",
    kind: CONFIRMATION_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const now = Date.now();
      await env.DB.prepare(
        "INSERT INTO email_confirmations (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      )
        .bind(hash, await owner(), now, expired ? now - 1 : now + DAY)
        .run();
    },
  },
  {
    name: "stale-listing check",
    kind: STALE_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const id = await insertListing({ userId: await owner() });
      const sentAt = Date.now() - (expired ? STALE_LINK_DAYS + 1 : 1) * DAY;
      await env.DB.prepare("UPDATE listings SET stale_token_hash = ?, stale_reminded_at = ? WHERE id = ?")
        .bind(hash, sentAt, id)
        .run();
    },
  },
  {
    name: "e-mail change cancel",
    kind: EMAIL_CHANGE_CANCEL_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const now = Date.now();
      await env.DB.prepare(
        "INSERT INTO email_change_cancels (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      )
        .bind(hash, await owner(), now, expired ? now - 1 : now + DAY)
        .run();
    },
  },
  {
    name: "data export",
    kind: EXPORT_LINK as unknown as LinkKind,
    plant: async (hash, expired) => {
      const now = Date.now();
      await env.DB.prepare("INSERT INTO data_export_links (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .bind(hash, await owner(), now, expired ? now - 1 : now + 2 * 60_000)
        .run();
    },
  },
];

describe.each(KINDS)("a $name link", ({ kind, plant }) => {
  it("is peeked at without being spent, spent once, and refused the second time", async () => {
    const db = getDb(env);
    const { token, hash } = await newLink();
    await plant(hash, false);
    const now = Date.now();
    expect((await peekLink(db, kind, token, { now, fields: {} })).ok).toBe(true);
    expect((await peekLink(db, kind, token, { now, fields: {} })).ok).toBe(true);
    expect((await spendLink(db, kind, token, { now, fields: {} })).ok).toBe(true);
    const again = await spendLink(db, kind, token, { now, fields: {} });
    // A kind that clears the hash forgets the link; the others remember it was used.
    expect(again).toEqual({ ok: false, why: kind.usedAt ? "used" : "unknown" });
    expect(await peekLink(db, kind, token, { now, fields: {} })).toEqual(again);
  });

  it("is refused as expired once its time is over, and a made-up one as unknown", async () => {
    const db = getDb(env);
    const { token, hash } = await newLink();
    await plant(hash, true);
    const now = Date.now();
    expect(await peekLink(db, kind, token, { now, fields: {} })).toEqual({ ok: false, why: "expired" });
    expect(await spendLink(db, kind, token, { now, fields: {} })).toEqual({ ok: false, why: "expired" });
    const madeUp = (await newLink()).token;
    expect(await spendLink(db, kind, madeUp, { now, fields: {} })).toEqual({ ok: false, why: "unknown" });
    expect(await spendLink(db, kind, "not a token", { now, fields: {} })).toEqual({ ok: false, why: "unknown" });
  });
});

/** The policy every token page answers with, and its noindex meta tag in the page. */
async function expectLinkPolicy(res: Response) {
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin");
  expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  if (res.headers.get("Content-Type")?.includes("text/html"))
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');
}

// How a page posts its own form: the browser says it is same-origin.
const OWN_POST = { headers: { "Sec-Fetch-Site": "same-origin" } };

describe("the token pages", () => {
  it("answer every link page with no-store, strict-origin and noindex", async () => {
    for (const [path, kind] of [
      ["/reset-password", 0],
      ["/login", 0],
      ["/confirm-email", 2],
      ["/account/email", 1],
      ["/listing-check", 3],
      ["/account/email/cancel", 4],
    ] as const) {
      const { token, hash } = await newLink();
      await KINDS[kind].plant(hash, false);
      const res = await client().get(`${path}/${token}`);
      expect(res.status, path).toBe(200);
      await expectLinkPolicy(res);
      // A dead link's page too.
      await expectLinkPolicy(await client().get(`${path}/${(await newLink()).token}`));
    }
    // The download: its refusals carry the policy as well.
    const archive = await client().get("/account/your-data/archive?e=1&t=x");
    expect(archive.status).toBe(401);
    await expectLinkPolicy(archive);
  });

  it("refuse a second use with a clear message", async () => {
    const reset = await newLink();
    await KINDS[0].plant(reset.hash, false);
    const form = { password: "a brand new secret 7", confirmPassword: "a brand new secret 7" };
    const first = await client().post(`/reset-password/${reset.token}`, { form }, OWN_POST);
    expect(first.status).toBe(200);
    await expectLinkPolicy(first);
    const second = await client().post(`/reset-password/${reset.token}`, { form }, OWN_POST);
    expect(second.status).toBe(400);
    expect(await second.text()).toContain(MSG.resetTokenInvalid.replace("'", "&#x27;"));

    const change = await newLink();
    await KINDS[1].plant(change.hash, false);
    expect((await client().post(`/account/email/${change.token}`, undefined, OWN_POST)).status).toBe(200);
    const changeAgain = await client().post(`/account/email/${change.token}`, undefined, OWN_POST);
    expect(changeAgain.status).toBe(404);
    expect(await changeAgain.text()).toContain(ACCOUNT_MSG.emailLinkInvalid);

    const confirmation = await newLink();
    await KINDS[2].plant(confirmation.hash, false);
    expect((await client().post(`/confirm-email/${confirmation.token}`, undefined, OWN_POST)).status).toBe(303);
    const confirmAgain = await client().post(`/confirm-email/${confirmation.token}`, undefined, OWN_POST);
    expect(confirmAgain.status).toBe(400);
    await expectLinkPolicy(confirmAgain);

    const stale = await newLink();
    await KINDS[3].plant(stale.hash, false);
    expect((await client().post(`/listing-check/${stale.token}`, undefined, OWN_POST)).status).toBe(200);
    const staleAgain = await client().post(`/listing-check/${stale.token}`, undefined, OWN_POST);
    expect(staleAgain.status).toBe(400);
    expect(await staleAgain.text()).toContain(STALE_ERRORS.link.replace(/'/g, "&#x27;"));

    // The download's second use is told it was used (the route's EXPORT_LINK_MSG.used).
    const mac = await newLink();
    await KINDS[5].plant(mac.hash, false);
    const [{ user_id }] = (
      await env.DB.prepare("SELECT user_id FROM data_export_links WHERE id = ?")
        .bind(mac.hash)
        .all<{ user_id: string }>()
    ).results;
    const params = new URLSearchParams({ t: mac.token });
    expect(await claimExportLink(env, user_id, params)).toBe("claimed");
    expect(await claimExportLink(env, user_id, params)).toBe("used");
  });

  it("refuse a POST another site makes, even one that says Origin: null", async () => {
    const { token, hash } = await newLink();
    await KINDS[0].plant(hash, false);
    const form = { password: "a brand new secret 7", confirmPassword: "a brand new secret 7" };
    const res = await client().post(
      `/reset-password/${token}`,
      { form },
      {
        headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
      },
    );
    expect(res.status).toBe(403);
    expect((await peekLink(getDb(env), KINDS[0].kind, token, { now: Date.now(), fields: {} })).ok).toBe(true);
  });
});

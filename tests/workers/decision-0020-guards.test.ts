// The clever parts of docs/decisions/0020-route-groups.md, guarded where they run: in the built Worker, so a
// framework upgrade (React, Remix, drizzle, workerd) that quietly undoes one of them fails here, not in a
// benchmark months later. The pure rules have their own unit tests (route-groups, short-string-encoder,
// d1-bookmark); these check the wiring.
import { env } from "cloudflare:test";
import { createRequestHandler } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { client, signedIn } from "./client";
import { insertListing } from "./fixtures";
import { ShortStringEncoder } from "~/platform/http/short-string-encoder";
import { openD1Session } from "~/platform/data/d1-session.server";
import { isBookmark } from "~/platform/data/d1-bookmark";
import { getDb, schema } from "~/platform/data/db.server";
import { remixHandlers, serverBuild } from "../../workers/remix-handlers";
import "../../workers/app";

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

describe("the TextEncoder swap (0020, 'Encoding')", () => {
  it("is what React's renderer encodes a page with, and gives the native encoder's bytes", async () => {
    expect(globalThis.TextEncoder).toBe(ShortStringEncoder);
    // The class it extends is the runtime's own encoder, captured before the swap.
    const Native = Object.getPrototypeOf(ShortStringEncoder) as typeof TextEncoder;
    expect(Native).not.toBe(ShortStringEncoder);
    const native = new Native();
    const id = await insertListing({ firstName: "Mārama" });
    const owner = await signedIn();
    const proto = ShortStringEncoder.prototype;
    const encode = proto.encode;
    let calls = 0;
    let short = 0;
    const differing: string[] = [];
    proto.encode = function (this: ShortStringEncoder, input?: string) {
      const out = encode.call(this, input);
      calls++;
      if (typeof input === "string" && input.length <= 64) short++;
      if (!sameBytes(out, native.encode(input))) differing.push(String(input));
      return out;
    };
    let html: string;
    try {
      // Signed in: never from the page cache, so React renders it now.
      html = await (await owner.client.get(`/view/${id}`)).text();
    } finally {
      proto.encode = encode;
    }
    expect(html).toContain("Mārama");
    expect(html).toContain("</body></html>");
    // React made its encoder when its module loaded: only the swap installed first puts a page's thousands of
    // small writes through this class. Without it these counts are near zero.
    expect(calls).toBeGreaterThan(200);
    expect(short).toBeGreaterThan(100);
    expect(differing).toEqual([]);
  });
});

describe("the per-group Remix handlers (0020, 'Decision')", () => {
  const all = Object.keys(serverBuild.routes);

  it("answer /admin/... with a handler over the admin group's routes only", async () => {
    const before = new Set(remixHandlers.made.keys());
    await client().get("/admin/audit");
    const madeNow = [...remixHandlers.made.keys()].filter((k) => !before.has(k));
    expect(madeNow.every((k) => k === "admin")).toBe(true);
    const ids = remixHandlers.made.get("admin")!;
    expect(ids).toContain("routes/admin.audit");
    expect(ids).toContain("root");
    expect(ids).not.toContain("routes/view.$modelId");
    for (const id of ids) expect(id.startsWith("routes/admin") || remixHandlers.groups.shared.has(id), id).toBe(true);
    // What 0020 measured: the router ranks and tries a fraction of the routes.
    expect(ids.length).toBeLessThan(all.length / 3);
  });

  it("send a listing's page to its group and Remix's own requests to the whole build", async () => {
    const id = await insertListing();
    await client().get(`/view/${id}`);
    expect(remixHandlers.made.get("view")).toContain("routes/view.$modelId");
    expect(remixHandlers.made.get("view")).not.toContain("routes/admin.audit");
    await client().get(`/view/${id}.data`);
    expect(remixHandlers.made.get(null)).toEqual(all);
  });

  it("answer exactly as the whole build does", async () => {
    const id = await insertListing();
    const whole = createRequestHandler(serverBuild);
    const context = {
      cloudflare: { env, ctx: { waitUntil: () => undefined, passThroughOnException() {} }, cf: undefined },
    };
    // Per-render values only: the script nonce and the loader's clock (13-digit milliseconds).
    const plain = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/\b\d{13}\b/g, "ms");
    for (const path of ["/admin/audit", `/view/${id}`, "/terms", "/no-such-page", "/locations/Auckland"]) {
      const request = () => new Request(`http://localhost${path}`, { headers: { Cookie: "age_verified=1" } });
      const grouped = await remixHandlers.handlerFor(path)(request(), context);
      const reference = await whole(request(), context);
      expect(grouped.status, path).toBe(reference.status);
      expect(grouped.headers.get("Location"), path).toBe(reference.headers.get("Location"));
      expect(plain(await grouped.text()), path).toBe(plain(await reference.text()));
    }
  });
});

describe("the D1 session proxy (0014, measured in 0020)", () => {
  it("runs the app's drizzle reads, batches and writes in the request's session, and keeps its bookmark", async () => {
    const id = await insertListing();
    const d1 = await openD1Session(env, new Request("http://localhost/"));
    expect(d1.start).toBe("first-unconstrained");
    expect(d1.env.DB).not.toBe(env.DB);
    expect(d1.bookmark()).toBeNull();

    const db = getDb(d1.env);
    const l = schema.listings;
    const [row] = await db.select({ id: l.id }).from(l).limit(1);
    expect(row.id).toBe(id);
    // The read went through the session: it counted, and D1 handed the session a bookmark.
    expect(d1.counts()).toEqual({ queries: 1, statements: 1 });
    expect(isBookmark(d1.bookmark())).toBe(true);
    expect(d1.wroteAt()).toBeNull();

    await db.batch([db.select({ id: l.id }).from(l), db.select({ id: schema.users.id }).from(schema.users)]);
    expect(d1.counts()).toEqual({ queries: 2, statements: 3 });
    expect(d1.wroteAt()).toBeNull();

    const readBookmark = d1.bookmark()!;
    await d1.env.DB.prepare("UPDATE listings SET updated_at = updated_at + 1 WHERE id = ?").bind(id).run();
    expect(d1.wroteAt()).not.toBeNull();
    // The write moved the session on; a request that brings the new bookmark starts where it ended.
    expect(d1.bookmark()).not.toBe(readBookmark);
    // Statements of another database or session cannot be slipped into its batch.
    expect(() => d1.env.DB.batch([env.DB.prepare("SELECT 1")])).toThrow(/another database/);
  });
});

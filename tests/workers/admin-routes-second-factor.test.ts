// Every admin route, not a sample (administrators "cannot open any admin page or call until
// two-factor is set up"). The routes are read from the Remix build the Worker serves, so an admin route
// added later without the guard fails here: a page (a module with a component) must send an administrator
// whose session has not proved a second factor to the set-up, for a GET and for a form post; an admin call
// must answer 403 with the set-up message for every method it takes; a file route must not serve the file.
// The same GETs by an administrator who has proved a second factor get through, so a refusal here is the
// guard's and not a 404 from made-up ids.
// @ts-ignore -- the build has no types of its own (see workers/app.ts)
import * as build from "remix-server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { MSG } from "~/features/accounts/auth-schemas";
import { env } from "cloudflare:test";
import { auditRows, file, listingOf, moderated, requests } from "./admin-fixtures";
import { cast, client, freshIp, requestId } from "./client";
import { SMALL_JPEG } from "./editor-fixtures";
import type { Client } from "./client";

type Route = { id: string; path: string; isPage: boolean; hasLoader: boolean; hasAction: boolean };

/** The served path of every route whose first segment is `admin`, or `api/admin`. */
function adminRoutes(): Route[] {
  const routes = (build as unknown as ServerBuild).routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .map((route) => {
      if (!route) return null;
      const path = fullPath(route.id);
      const [first, second] = path.split("/");
      if (first !== "admin" && !(first === "api" && second === "admin")) return null;
      return {
        id: route.id,
        path,
        isPage: typeof route.module.default === "function",
        hasLoader: typeof route.module.loader === "function",
        hasAction: typeof route.module.action === "function",
      };
    })
    .filter((r): r is Route => r !== null)
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A URL for the route with each parameter filled by a value that would get a full administrator through. */
function urlFor(route: Route, params: Record<string, string>): string {
  return (
    "/" +
    route.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${route.id}: give the test a value for the parameter "${name}"`);
      return value;
    })
  );
}

const isSetUpRedirect = (res: Response) => {
  if (res.status !== 302 && res.status !== 303) return false;
  const to = new URL(res.headers.get("Location") ?? "", "http://x");
  return to.pathname === "/account/two-factor" && to.searchParams.get("required") === "admin";
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

async function refusalOf(route: Route, url: string, as: Client): Promise<string[]> {
  const problems: string[] = [];
  if (route.isPage) {
    if (route.hasLoader) {
      const res = await as.get(url);
      if (!isSetUpRedirect(res)) problems.push(`GET ${url}: ${res.status} ${res.headers.get("Location") ?? ""}`);
    }
    if (route.hasAction) {
      const res = await as.post(url, { form: { intent: "approve", requestId: "x", listingId: "x" } });
      if (!isSetUpRedirect(res)) problems.push(`POST ${url}: ${res.status} ${res.headers.get("Location") ?? ""}`);
    }
  } else if (url.startsWith("/api/")) {
    let handled = 0;
    for (const method of METHODS) {
      const res = await as.send(method, url, method === "GET" ? undefined : { json: {} });
      if (res.status === 405) continue;
      handled++;
      const body = await res.text();
      if (res.status !== 403 || body !== JSON.stringify({ error: MSG.adminNeedsSecondFactor }))
        problems.push(`${method} ${url}: ${res.status} ${body.slice(0, 120)}`);
    }
    if (handled === 0) problems.push(`${url}: no method answered anything but 405`);
  } else {
    // A file route (an ID document): refused like a file that is not there, and no bytes of it.
    const res = await as.get(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (![401, 403, 404].includes(res.status) && !isSetUpRedirect(res)) problems.push(`GET ${url}: ${res.status}`);
    if (res.headers.get("Content-Type")?.startsWith("image/") || bytes.length > 2000)
      problems.push(`GET ${url}: served ${bytes.length} bytes of ${res.headers.get("Content-Type")}`);
  }
  return problems;
}

describe("every admin route refuses an administrator without a second factor in this session", () => {
  it("finds the admin pages and calls in the build (the walk below is not empty)", () => {
    const paths = adminRoutes().map((r) => r.path);
    for (const known of [
      "admin/audit",
      "admin/listing-actions",
      "admin/reports",
      "admin/subscriptions",
      "admin/verifications",
      "admin/verification-files/:requestId/:index",
      "api/admin/profiles/:id/verify",
      "api/admin/profiles/:id/toggle-live",
      "api/admin/profiles/:id/toggle-hot",
    ])
      expect(paths).toContain(known);
  });

  it("pages send to the set-up, calls answer 403, files are not served, and nothing changes", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: false, verified: false });
    const asked = await requestId(provider, id);
    expect(asked.status).toBe(201);
    const { requestId: rid } = (await asked.json()) as { requestId: string };
    // A takedown case with its proof photo, about another listing of the provider's (a live one).
    const disputed = await listingOf(provider, { firstName: "Mia" });
    const complaint = new FormData();
    for (const [k, v] of Object.entries({
      kind: "listed",
      contact: "me@example.nz",
      details: "This is me, listed without my consent.",
      confirm: "yes",
    }))
      complaint.set(k, v);
    complaint.set("proof", file(SMALL_JPEG, "me.jpg"));
    expect((await client({ ip: freshIp() }).post(`/takedown/${disputed}`, { multipart: complaint })).status).toBe(200);
    const filed = await env.DB.prepare("SELECT id FROM takedown_cases").first<{ id: string }>();
    const params = { id, modelId: id, requestId: rid, index: "0", caseId: filed!.id };

    const { signedIn } = await import("./client");
    const withoutFactor = await signedIn({ admin: true, withoutSecondFactor: true });
    const before = { listing: await moderated(id), requests: await requests() };

    const problems: string[] = [];
    for (const route of adminRoutes())
      problems.push(...(await refusalOf(route, urlFor(route, params), withoutFactor.client)));
    expect(problems).toEqual([]);
    expect(await moderated(id)).toEqual(before.listing);
    expect(await requests()).toEqual(before.requests);
    // The grid's own post (a fetcher with JavaScript: only the action runs) is told why.
    const js = await withoutFactor.client.post("/admin/listing-actions.data", {
      form: { intent: "hot", listingId: id, js: "1" },
    });
    expect(js.status).toBe(403);
    expect(await js.text()).toContain(MSG.adminNeedsSecondFactor);
    expect(await moderated(id)).toEqual(before.listing);
    expect(await auditRows()).toEqual([]);

    // The same pages and files open for an administrator whose session has proved a second factor.
    for (const route of adminRoutes().filter((r) => r.hasLoader && !r.path.startsWith("api/"))) {
      const url = urlFor(route, params);
      const res = await admin.client.get(url);
      expect(res.status, url).toBe(200);
    }
  });
});

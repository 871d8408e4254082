// A signed-in person on a public grid page (home, a region) gets the page cache's public copy with their own
// parts of the frame put in, rather than a render of the whole page (docs/decisions/0070): the grid is the
// same for everyone but an administrator, whose page is rendered as before. The parts (account-parts.ts) come
// from a render of the frame alone for this person, kept in this isolate's memory under their public fields,
// never in the shared cache; the answer is theirs alone (private, no-store) and is never stored.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { lookupSession } from "~/features/accounts/auth.server";
import { toPublicUser } from "~/core/session-user";
import type { PublicUser, SessionUser } from "~/core/session-user";
import { cookieIsSecure } from "~/platform/env";
import { PRIVATE_NO_STORE } from "~/platform/http/page-answer";
import { readSessionToken, sha256Hex } from "~/platform/http/token-cookie.server";
import { hasToast } from "~/features/site/flash.server";
import type { SignedInInclude } from "~/platform/page-cache/page-cache.server";
import type { Copy } from "~/platform/page-cache/page-copy.server";
import { ACCOUNT_PART, ACCOUNT_PARTS, encodeIncludedUser, INCLUDED_USER } from "./account-parts";

type Render = (request: Request) => Promise<Response>;
type Parts = Map<string, string>;

/**
 * The frame alone, for the person whose cookie the request carries (app/routes/signed-in-parts.tsx): rendered
 * only with `accountParts` in its load context, which no visitor's request has.
 */
export const PARTS_PATH = "/signed-in-parts";
/** What the X-Cache header says of a page made from the public copy for one person. */
export const INCLUDED = "INCLUDED";

// Kept per isolate, under the build and the person's public fields (a new name makes a new entry); a few
// hundred people's parts are a few hundred kB.
const KEPT = 500;
const kept = new Map<string, Parts>();

function keep(key: string, parts: Parts) {
  kept.delete(key);
  kept.set(key, parts);
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT) break;
    kept.delete(oldest);
  }
}

// A session looked up here is taken as live for a few seconds more on these pages alone: a person moving
// between grid pages costs no D1 read for each. The most it can show after the session ends elsewhere (a
// sign-out on another device, a password change) is the public page with that person's own header, for this
// long, to whoever still holds the cookie; every private page, form and API call looks the session up itself.
const RECENT_MS = 10_000;
const RECENT_KEPT = 1_000;
const recent = new Map<string, { user: SessionUser; until: number }>();

async function sessionUser(request: Request, env: Env, context: AppLoadContext): Promise<SessionUser | null> {
  const token = readSessionToken(request.headers.get("Cookie"), cookieIsSecure(env));
  if (!token) return null;
  const key = await sha256Hex(token);
  const now = Date.now();
  const known = recent.get(key);
  if (known && known.until > now) return known.user;
  recent.delete(key);
  const lookup = await lookupSession(request, env, context);
  if (lookup.state !== "valid") return null;
  recent.set(key, { user: lookup.user, until: now + RECENT_MS });
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT_KEPT) break;
    recent.delete(oldest);
  }
  return lookup.user;
}

const START = (name: string) => `<!--account-part:${name}-->`;
const END = "<!--/account-part-->";

/** Each marked element's inner HTML in a render of the frame (parts are never nested). */
async function partsIn(html: string): Promise<Parts | null> {
  const marked = await new HTMLRewriter()
    .on(`[${ACCOUNT_PART}]`, {
      element(element) {
        element.prepend(START(element.getAttribute(ACCOUNT_PART) ?? ""), { html: true });
        element.append(END, { html: true });
      },
    })
    .transform(new Response(html))
    .text();
  const parts: Parts = new Map();
  for (const name of ACCOUNT_PARTS) {
    const at = marked.indexOf(START(name));
    if (at < 0) return null;
    const from = at + START(name).length;
    const to = marked.indexOf(END, from);
    if (to < 0) return null;
    parts.set(name, marked.slice(from, to));
  }
  return parts;
}

async function partsFor(request: Request, user: PublicUser, build: string, renderFrame: Render): Promise<Parts | null> {
  const key = `${build}\n${JSON.stringify(user)}`;
  const known = kept.get(key);
  if (known) return known;
  const frame = new Request(new URL(PARTS_PATH, request.url), { headers: request.headers });
  frame.headers.delete("Accept-Encoding");
  const response = await renderFrame(frame);
  if (response.status !== 200) return null;
  const parts = await partsIn(await response.text());
  if (parts) keep(key, parts);
  return parts;
}

/** The public copy as this person's page: their parts in place of a visitor's, their public fields on <body>. */
function finish(copy: Copy, user: PublicUser, parts: Parts): Response {
  const headers = new Headers(copy.headers);
  for (const [name, value] of Object.entries(PRIVATE_NO_STORE)) headers.set(name, value);
  headers.set("X-Cache", INCLUDED);
  headers.delete("Vary");
  return new HTMLRewriter()
    .on(`[${ACCOUNT_PART}]`, {
      element(element) {
        const html = parts.get(element.getAttribute(ACCOUNT_PART) ?? "");
        if (html !== undefined) element.setInnerContent(html, { html: true });
      },
    })
    .on("body", {
      element(element) {
        element.setAttribute(INCLUDED_USER, encodeIncludedUser(user));
      },
    })
    .transform(new Response(copy.body, { status: copy.status, headers }));
}

/**
 * The page cache's include for signed-in people (page-cache.server.ts, SignedInInclude). `context` is the
 * request's load context, shared with the render of their whole page when the include stands aside, so the
 * session is looked up once; `renderFrame` renders the frame route for them.
 */
export function signedInInclude(
  env: Env,
  context: AppLoadContext,
  build: string,
  renderFrame: Render,
): SignedInInclude {
  return async (request) => {
    // A toast waits: the root loader shows and clears it, so the page is rendered.
    if (hasToast(request, env)) return null;
    const seen = await sessionUser(request, env, context).catch(() => null);
    // Not live (the render says so and clears it), or an administrator, whose grid lists hidden listings.
    if (!seen || seen.isAdmin) return null;
    const user = toPublicUser(seen);
    const parts = await partsFor(request, user, build, renderFrame).catch((error: unknown) => {
      console.error("signed-in page: the account parts failed", error);
      return null;
    });
    return parts ? (copy) => finish(copy, user, parts) : null;
  };
}

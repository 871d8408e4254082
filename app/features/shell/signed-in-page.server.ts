// A signed-in person on a public grid page (home, a region) gets the page cache's public copy with their own
// parts of the frame put in, rather than a render of the whole page (docs/decisions/0070): the grid is the
// same for everyone but an administrator, whose page is rendered as before. The parts (account-parts.ts) come
// from a render of the frame alone for this person, kept in this isolate's memory under their public fields,
// never in the shared cache; the answer is theirs alone (private, no-store) and is never stored.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { lookupSession } from "~/features/accounts/auth.server";
import { toPublicUser } from "~/core/session-user";
import type { PublicUser } from "~/core/session-user";
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
  headers.set("Cache-Control", "private, no-store");
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
    const lookup = await lookupSession(request, env, context).catch(() => null);
    // Not live (the render says so and clears it), or an administrator, whose grid lists hidden listings.
    if (lookup?.state !== "valid" || lookup.user.isAdmin) return null;
    const user = toPublicUser(lookup.user);
    const parts = await partsFor(request, user, build, renderFrame).catch((error: unknown) => {
      console.error("signed-in page: the account parts failed", error);
      return null;
    });
    return parts ? (copy) => finish(copy, user, parts) : null;
  };
}

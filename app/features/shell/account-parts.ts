// The parts of the page frame that differ for a signed-in person (docs/decisions/0070): the phone menu's
// account entries, the header's account links and the footer's links. A signed-in visit to a public grid
// page gets the public page's cached copy with these put in (signed-in-page.server.ts), and the person's
// public fields on <body>, from which the browser hydrates the header it was sent.
import type { PublicUser } from "~/core/session-user";

/** Marks an element whose content is the signed-in person's own: its value names the part. */
export const ACCOUNT_PART = "data-account-part";
export const ACCOUNT_PARTS = ["menu", "header", "footer"] as const;
export type AccountPartName = (typeof ACCOUNT_PARTS)[number];

/** The attribute on <body> that carries the person's public fields on a page made from a public copy. */
export const INCLUDED_USER = "data-signed-in";

/** The fields as the attribute's value: URI-encoded, so no quote, bracket or ampersand needs escaping. */
export function encodeIncludedUser(user: PublicUser): string {
  // encodeURIComponent leaves the apostrophe as it is.
  return encodeURIComponent(JSON.stringify(user)).replace(/'/g, "%27");
}

export function decodeIncludedUser(raw: string | null | undefined): PublicUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (!value || typeof value !== "object") return null;
    const u = value as Record<string, unknown>;
    if (typeof u.id !== "string" || typeof u.firstName !== "string" || typeof u.accountType !== "string") return null;
    return {
      id: u.id,
      firstName: u.firstName,
      accountType: u.accountType,
      agency: u.agency === true,
      isAdmin: u.isAdmin === true,
    };
  } catch {
    return null;
  }
}

/**
 * In the browser, while hydrating: the person a page made from a public copy was finished for (the root's
 * own data says nobody, as the copy was rendered for nobody). Null on the server and on any other page.
 */
export function includedUser(): PublicUser | null {
  if (typeof document === "undefined") return null;
  return decodeIncludedUser(document.body?.getAttribute(INCLUDED_USER));
}

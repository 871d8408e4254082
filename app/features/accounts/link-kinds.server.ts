// The accounts' one-time links (app/platform/data/one-time-links.server.ts): each kind keeps its own table
// and time limit (set where the link is issued), and is spent by setting used_at. Apart from the flows that
// use them so that each may void another's links (a reset voids confirmations, a password change voids resets)
// without importing the other's flow.
import { gt } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";

const pr = schema.passwordResets;
const ec = schema.emailConfirmations;
const ch = schema.emailChanges;

/** A password reset's link (RESET_TOKEN_TTL_MS). */
export const RESET_LINK: LinkKind<typeof pr> = {
  table: pr,
  hash: pr.tokenHash,
  usedAt: pr.usedAt,
  fresh: (now) => gt(pr.expiresAt, now),
  spend: (now) => ({ usedAt: now }),
};

/** A sign-up's confirmation link (CONFIRM_TOKEN_TTL_MS). */
export const CONFIRMATION_LINK: LinkKind<typeof ec> = {
  table: ec,
  hash: ec.tokenHash,
  usedAt: ec.usedAt,
  fresh: (now) => gt(ec.expiresAt, now),
  spend: (now) => ({ usedAt: now }),
};

/** The link sent to a new e-mail address (EMAIL_CHANGE_TTL_MS). */
export const EMAIL_CHANGE_LINK: LinkKind<typeof ch> = {
  table: ch,
  hash: ch.tokenHash,
  usedAt: ch.usedAt,
  fresh: (now) => gt(ch.expiresAt, now),
  spend: (now) => ({ usedAt: now }),
};

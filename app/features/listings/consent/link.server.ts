// The worker's consent link (docs/decisions/0058-worker-consent-and-agency-checks.md), one kind of the one-time
// link service (app/platform/data/one-time-links.server.ts). Unlike the others it is not spent by use: the same
// link lets her agree, decline, and withdraw at any time, so it lasts while its row does (the row goes with
// the listing). A new link (the agency asks again, or a save asks her again) replaces it: the old one is then
// unknown. Each decision is a conditional UPDATE through the service, so two at once cannot both win.
import { sql } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";

const wc = schema.workerConsents;

export const CONSENT_PATH = "/consent";

export const CONSENT_LINK: LinkKind<typeof wc> = {
  table: wc,
  hash: wc.tokenHash,
  usedAt: null,
  fresh: () => sql`1`,
  spend: (now) => ({ decidedAt: now }),
};

export const CONSENT_MSG = {
  link: "This link is not valid. If the agency sent you a newer e-mail, use the link in that one.",
  changed: "The listing changed while you were reading it. Look at it again below before you decide.",
  already: "That was already done: the page below shows where things stand.",
  email: "Enter the worker's own e-mail address.",
  ownAddress: "Enter the worker's own address, not the agency's: she decides through it.",
  notAgency: "Only an agency's listings ask for a worker's consent.",
  notYours: "That listing is not yours.",
  tooSoon: "A link went to that address a few minutes ago. You can send it again 10 minutes after the last one.",
  mailFailed: "We could not send the e-mail just now. Nothing was sent; please try again.",
} as const;

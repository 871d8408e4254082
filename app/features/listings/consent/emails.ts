// The mail of a worker's consent (docs/decisions/0058-worker-consent-and-agency-checks.md): the link to her, and
// the word to the agency when she declines or withdraws. The agency is never told why: she gives no reason.
import { render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import type { AskReason } from "../consent";

const WHY_AGAIN: Record<AskReason, string> = {
  first: "",
  name: "The listing's name has changed since you agreed, so it is hidden until you look at it again.",
  photos: "Most of the listing's photos are new since you agreed, so it is hidden until you look at it again.",
};

/** To the worker: what is asked, what she controls, and the one link for all of it. */
export function consentAskEmail(o: {
  siteName: string;
  agencyName: string;
  listingName: string;
  reason: AskReason;
  href: string;
}): EmailContent {
  const again = WHY_AGAIN[o.reason];
  return render(
    `${o.agencyName} asks you to agree to a listing on ${o.siteName}`,
    [
      "Hi,",
      "",
      `${o.agencyName} has made a listing called '${o.listingName}' about you on ${o.siteName}.`,
      ...(again ? [again] : []),
      "It is published only if you agree. The link below shows you exactly what would be published: the photos, the name, the text, the number, the regions, and whether it shows on the agency's page.",
      "You can agree or decline there, without an account. Keep this e-mail: the same link lets you withdraw at any time, and the listing is then hidden at once. The agency is told only that you did not agree, never why.",
      "We keep your address for this alone, and delete it with the listing.",
      "If you do not know this agency, decline: nothing will be published.",
    ],
    { href: o.href, label: "See the listing and decide" },
  );
}

/** To the agency: she declined or withdrew. No reason, because none is asked of her. */
export function consentRefusedEmail(o: {
  siteName: string;
  listingName: string;
  outcome: "declined" | "withdrawn";
  origin: string;
}): EmailContent {
  const line =
    o.outcome === "declined"
      ? `The worker did not agree to the listing '${o.listingName}'. It stays hidden.`
      : `The worker withdrew her consent to the listing '${o.listingName}'. It is hidden from visitors now.`;
  return render(
    `${o.listingName}: not agreed by the worker`,
    ["Hi,", "", line, "It goes live again only if she agrees through her own link."],
    { href: `${o.origin}/dashboard`, label: "Open your dashboard" },
  );
}

// The takedown case's e-mails: the owner's notice (HDCA s 24(2)(a)) and the outcome to both sides. The
// complainant's words are never mailed: a stranger's text could carry links, so the mail points at the
// dashboard, where the owner reads a copy of the complaint.
import { greetingName, render } from "~/platform/email/template";
import type { EmailContent } from "~/platform/email/template";
import { ANSWER_HOURS } from "./rules";
import type { Outcome, TakedownKind } from "./rules";

const WHAT: Record<TakedownKind, string> = {
  listed: "that they are the person in your listing and did not agree to be listed",
  photos: "that photos in your listing are theirs and are used without their consent",
};

export function ownerNoticeMail(a: {
  site: string;
  ownerName: string;
  listingName: string;
  kind: TakedownKind;
  answerBy: string;
  link: string;
}): EmailContent {
  return render(
    `A complaint about your listing ${a.listingName}`,
    [
      `Hi ${greetingName(a.ownerName)},`,
      "",
      `Someone has told ${a.site} ${WHAT[a.kind]}.`,
      `Under the Harmful Digital Communications Act 2015 you may answer within ${ANSWER_HOURS} hours, by ${a.answerBy}: agree to remove it, or say why it should stay.`,
      "If we have no answer by then, the content comes down.",
      "You can read a copy of the complaint and answer on your dashboard.",
    ],
    { href: a.link, label: "Read and answer the complaint" },
  );
}

const OUTCOME: Record<Outcome, string> = {
  taken_down: "The content has been taken down.",
  kept_up: "The content stays up.",
};

export function outcomeMail(a: {
  site: string;
  to: "owner" | "complainant";
  listingName: string;
  kind: TakedownKind;
  outcome: Outcome;
  why: string;
  appealLink?: string;
}): EmailContent {
  const what = a.kind === "listed" ? `the listing ${a.listingName}` : `photos in the listing ${a.listingName}`;
  return render(
    `The outcome of the complaint about ${a.listingName}`,
    [
      "Hi,",
      "",
      `The complaint about ${what} on ${a.site} has been decided.`,
      OUTCOME[a.outcome],
      a.why,
      ...(a.appealLink ? ["You may appeal once: another administrator will look at it."] : []),
    ],
    a.appealLink ? { href: a.appealLink, label: "Appeal this decision" } : undefined,
  );
}

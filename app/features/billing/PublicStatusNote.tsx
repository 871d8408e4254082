// Whether a listing is public yet, what it still needs (each with the way to do it), and when its paid week
// starts: the same words on every page around a payment (./public-status.ts).
import { Link } from "@remix-run/react";
import { publicHeadline } from "./public-status";
import type { PublicStatus } from "./public-status";
import type { HideReason } from "~/features/listings/visibility";

export function PublicStatusNote({
  name,
  status,
  week = null,
  omit = [],
  quietWhenPublic = false,
  here = null,
}: {
  name: string;
  status: PublicStatus;
  /** When the paid week starts (weekBeforePaying / weekAfterPaying), if the page has one to say. */
  week?: string | null;
  /** Needs the page itself is about (the plans page does not send the payer to choose a plan). */
  omit?: readonly HideReason[];
  /** Say nothing for a public listing (where the page already shows it, as the dashboard badge does). */
  quietWhenPublic?: boolean;
  /** The page it is on: a step done right here (the dashboard's own switches) needs no link to it. */
  here?: string | null;
}) {
  if (status.public && quietWhenPublic && !week) return null;
  const needs = status.needs.filter((n) => !omit.includes(n.reason));
  return (
    <div
      className={`space-y-1 rounded-lg border p-3 text-sm ${
        status.public ? "border-emerald-500/60 bg-emerald-950/40" : "border-amber-400/70 bg-amber-950/40"
      }`}
      data-testid="public-status"
      data-public={status.public}
    >
      <p className="font-semibold text-white">{publicHeadline(name, status)}</p>
      {needs.length > 0 ? (
        <>
          <p className="text-zinc-200">{needs.length === 1 ? "It still needs one thing:" : "It still needs:"}</p>
          <ul className="list-disc space-y-1 pl-5 text-zinc-100" data-testid="public-needs">
            {needs.map((n) => (
              <li key={n.reason}>
                {n.text}{" "}
                {n.link && n.link.to !== here ? (
                  <Link to={n.link.to} className="font-semibold text-white underline underline-offset-2">
                    {n.link.label}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {week ? (
        <p className="text-zinc-100" data-testid="public-week">
          {week}
        </p>
      ) : null}
    </div>
  );
}

import { Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";

/**
 * The dashboard's notice of each open takedown case about the owner's listings, linking to its answer page
 * (docs/decisions/0063-takedown-cases.md): the e-mail may be missed, the dashboard is not.
 */
export function TakedownNotices({
  cases,
}: {
  cases: readonly { id: string; listingName: string; status: "waiting" | "contested" | "decided" }[];
}) {
  if (cases.length === 0) return null;
  return (
    <Alert tone="warning" data-testid="takedown-notices">
      <ul className="space-y-1">
        {cases.map((c) => (
          <li key={c.id}>
            {c.status === "waiting"
              ? `Someone has asked us to take down ${c.listingName}. You have 48 hours to answer. `
              : `You disputed the complaint about ${c.listingName}; an administrator decides. `}
            <Link to={`/dashboard/takedowns/${c.id}`} className="underline underline-offset-2">
              {c.status === "waiting" ? "Read and answer" : "See the case"}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

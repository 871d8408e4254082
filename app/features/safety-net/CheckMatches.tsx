// The number check's answer as the number check shows it: "No reports", or how many published alerts with each
// one's category and month. A booking request's screening shows the same (categories.ts).
import { matchesHeading } from "./categories";
import type { MatchView } from "./categories";

export function CheckMatches({ matches }: { matches: readonly MatchView[] }) {
  return (
    <>
      <p className="font-semibold">{matchesHeading(matches.length)}</p>
      {matches.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {matches.map((m, i) => (
            <li key={i}>
              {m.categoryLabel}, {m.monthLabel}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

// The number check's answer as the number check shows it: "No reports", or how many published alerts with each
// one's category and month. A booking request's screening shows the same (check-matches.ts).
import { matchesHeading } from "./check-matches";
import type { MatchView } from "./check-matches";

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

// The number check's answer as the number check shows it: that nobody has reported it here (which does not mean
// they are safe), or how many published alerts with each one's category and month. A booking request's
// screening shows the same (categories.ts).
import { matchesHeading } from "./categories";
import type { MatchView } from "./categories";

export function CheckMatches({
  matches,
  what = "number",
}: {
  matches: readonly MatchView[];
  /** What was checked: the no-match text names it. */
  what?: "number" | "address";
}) {
  return (
    <>
      <p className="font-semibold">{matchesHeading(matches.length, what)}</p>
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

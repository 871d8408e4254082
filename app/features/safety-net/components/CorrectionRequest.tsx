// One correction request from the contact page: overdue past 48 hours, marked when its number or address
// matches a current alert (with links to those alerts), and how many identical posts were folded into it.
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { BADGE, CARD } from "./moderation-views";
import type { CorrectionView } from "./moderation-views";

export function CorrectionRequest({ c, busy }: { c: CorrectionView; busy: boolean }) {
  const matches = c.matchedReports.length > 0;
  return (
    <li className={`${CARD} ${c.waiting.overdue ? "border-rose-400" : "border-line"}`} data-testid="safety-correction">
      <p className="text-sm">
        {c.waiting.overdue ? <span className={BADGE.overdue}>Overdue</span> : null}
        {matches ? <span className={BADGE.note}>Matches a current alert</span> : null}
        <span className="text-muted">
          Waiting {c.waiting.hours} h{c.copies > 1 ? `; sent ${c.copies} times with the same words` : ""}.
        </span>
      </p>
      <p className="break-words text-sm text-muted">Reply to: {c.contact}</p>
      <p className="whitespace-pre-wrap break-words">{c.message}</p>
      <p className="break-words text-sm">
        {matches
          ? `The number or address given matches ${c.matchedReports.length === 1 ? "this alert" : "these alerts"}: `
          : "The number or address given matches no current alert."}
        {c.matchedReports.map((id) => (
          <a key={id} href={`#alert-${id}`} className="mr-2 text-accent underline">
            {id}
          </a>
        ))}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="close-correction" />
        <input type="hidden" name="correctionId" value={c.id} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Mark handled
        </Button>
      </Form>
    </li>
  );
}

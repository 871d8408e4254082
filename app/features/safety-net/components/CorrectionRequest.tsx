// One correction request from the contact page, with the published alerts it matches.
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { CARD } from "./moderation-views";
import type { CorrectionView } from "./moderation-views";

export function CorrectionRequest({ c, busy }: { c: CorrectionView; busy: boolean }) {
  return (
    <li className={`${CARD} ${c.waiting.overdue ? "border-rose-400" : "border-line"}`} data-testid="safety-correction">
      <p className="text-sm text-muted">
        Waiting {c.waiting.hours} h{c.waiting.overdue ? " (past 48 hours)" : ""}. Reply to: {c.contact}
      </p>
      <p className="whitespace-pre-wrap break-words">{c.message}</p>
      <p className="text-sm">
        {c.matchedReports.length === 0
          ? "The number or address given matches no published alert."
          : `Matches ${c.matchedReports.length === 1 ? "this alert" : "these alerts"}: `}
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

import type { DraftGap } from "~/features/listings/draft";
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { Alert } from "~/ui/Alert";

/**
 * After 'Save Draft' on an incomplete listing: the draft is kept (in this browser, its photos on the server)
 * and this says what it still needs before it can be saved as a listing. Shown in view, with the focus.
 */
export function DraftGaps({ gaps, onGoTo }: { gaps: DraftGap[]; onGoTo: (page: DraftGap["page"]) => void }) {
  const pages = [...new Set(gaps.map((g) => g.page))];
  return (
    <Alert tone="warning" reveal={gaps} data-testid="draft-gaps">
      <p className="font-semibold">Your draft is kept on this device.</p>
      <p className="mt-1 text-sm">
        It is not saved as a listing yet, so nobody else can see it and it cannot be verified. Photos you added stay
        with the draft for 30 days. Still missing:
      </p>
      {pages.map((page) => (
        <div key={page} className="mt-3">
          <button
            type="button"
            className="min-h-11 text-left text-sm font-semibold underline underline-offset-2 hover:text-accent"
            onClick={() => onGoTo(page)}
          >
            Page {page}: {EDITOR_PAGE_TITLES[page]}
          </button>
          <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="draft-gap-list">
            {gaps
              .filter((g) => g.page === page)
              .map((g) => (
                <li key={g.field} className="break-words">
                  {g.message}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </Alert>
  );
}

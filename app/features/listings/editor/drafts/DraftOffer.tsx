import { useEffect, useRef } from "react";
import { formatLocalTime } from "~/platform/time/date-text";
import { BUTTON, PRIMARY } from "../fields";

/**
 * Offers the unsaved changes found in this browser (after a reload, a crash or a lost connection). It takes
 * the focus when it appears, so keyboard and screen-reader users meet it before the form.
 */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const when = formatLocalTime(savedAt);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="draft-offer-title"
      className="space-y-3 rounded-2xl border border-accent/70 bg-panel p-4 focus:outline-none focus:ring-2 focus:ring-accent"
      data-testid="draft-offer"
    >
      <p id="draft-offer-title" className="font-semibold">
        You have unsaved changes from {when}.
      </p>
      <p className="text-sm text-muted">
        They were kept in this browser only; photos you added come back with them for 30 days.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={PRIMARY} onClick={onRestore}>
          Restore changes
        </button>
        <button type="button" className={BUTTON} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}

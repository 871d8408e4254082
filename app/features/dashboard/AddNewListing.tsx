// 'Add New Listing' (provider spec §2, dashboard) never throws a draft away silently: when the new listing's
// draft holds something (typing or photos), it asks whether to continue it or start a new one
// (docs/decisions/0025-drafts-kept-with-their-photos.md). Without JavaScript it is a plain link (the editor
// needs JavaScript anyway, and drafts live in the browser's storage).
import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { DRAFT_KEY } from "~/core/draft-keys";
import { draftHasContent, parseDraft } from "~/features/listings/draft";
import type { ListingDraft } from "~/features/listings/draft";
import { keepDraftPhotos } from "~/features/listings/draft-photos";
import { formatLocalTime } from "~/platform/time/date-text";
import { ChoiceDialog } from "~/ui/ChoiceDialog";

const LINK =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-5 font-semibold text-ink hover:bg-accent-strong";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage off (private mode): there is no draft, the editor starts blank.
  }
}

export function AddNewListing({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [found, setFound] = useState<ListingDraft | null>(null);
  const [starting, setStarting] = useState(false);

  const startNew = async () => {
    setStarting(true);
    storage()?.removeItem(DRAFT_KEY);
    // Its photos go too (they would otherwise wait out the draft's 30 days on the server).
    if (found?.photos.length) await keepDraftPhotos(null, []);
    navigate("/profile/new");
  };

  return (
    <>
      <Link
        to="/profile/new"
        onClick={(event) => {
          const store = storage();
          const draft = parseDraft(store?.getItem(DRAFT_KEY) ?? null, userId, null, Date.now());
          if (!draft || !draftHasContent(draft)) {
            store?.removeItem(DRAFT_KEY); // another account's, stale or empty: nothing to ask about
            return;
          }
          event.preventDefault();
          setFound(draft);
        }}
        className={LINK}
      >
        Add New Listing
      </Link>
      {found ? (
        <ChoiceDialog
          title="You have an unsaved listing"
          description={
            <p>
              {found.values.firstName ? `“${found.values.firstName}” was` : "A new listing was"} started on this device
              and not saved
              {found.photos.length
                ? `, with ${found.photos.length} ${found.photos.length === 1 ? "photo" : "photos"}`
                : ""}
              . Starting a new one deletes it.
            </p>
          }
          onDismiss={() => setFound(null)}
          data-testid="draft-choice"
        >
          <button
            type="button"
            className={LINK}
            onClick={() => navigate("/profile/new", { state: { draft: "continue" } })}
            autoFocus
          >
            Continue your unsaved listing from {formatLocalTime(found.savedAt)}
          </button>
          <button
            type="button"
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-5 font-semibold text-white hover:border-accent hover:text-accent disabled:opacity-60"
            onClick={() => void startNew()}
            disabled={starting}
          >
            Start a new one
          </button>
        </ChoiceDialog>
      ) : null}
    </>
  );
}

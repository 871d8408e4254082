// The editor's live preview (provider spec §2, desktop only): the public profile's own components drawing
// the form as it would be saved. It follows the form 500 ms after the last change and rings the changed
// field for 2 s (spec §4), so typing does not redraw the whole profile on every key.
import { useEffect, useMemo, useRef, useState } from "react";
import { previewChange } from "./editor-state";
import type { EditorPhoto } from "./editor-state";
import { previewProfile } from "./form";
import type { ListingValues } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { ProfileView } from "~/features/profile/ProfileView";
import type { HighlightField } from "~/features/profile/ProfileSections";

export const PREVIEW_DEBOUNCE_MS = 500;
export const HIGHLIGHT_MS = 2000;

type Shown = { values: ListingValues; photos: EditorPhoto[] };

function useDebouncedPreview(values: ListingValues, photos: EditorPhoto[]) {
  const [shown, setShown] = useState<Shown>({ values, photos });
  // What the preview last drew, read when the debounce fires to find the field that changed.
  const shownRef = useRef(shown);
  // A new object per change, so the same field changed again rings for another full 2 s.
  const [highlight, setHighlight] = useState<{ field: HighlightField; at: number }>({ field: null, at: 0 });

  useEffect(() => {
    const t = window.setTimeout(() => {
      const next = { values, photos };
      const change = previewChange(shownRef.current, next);
      shownRef.current = next;
      setShown(next);
      if (change)
        setHighlight({
          field: change === "rates" || change === "specialRates" ? "rates" : (change as HighlightField),
          at: Date.now(),
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [values, photos]);

  useEffect(() => {
    if (!highlight.field) return;
    const t = window.setTimeout(() => setHighlight({ field: null, at: 0 }), HIGHLIGHT_MS);
    return () => window.clearTimeout(t);
  }, [highlight]);

  return { shown, highlight: highlight.field };
}

export function EditorPreview({
  values,
  photos,
  base,
}: {
  values: ListingValues;
  photos: EditorPhoto[];
  base: Profile | null;
}) {
  const { shown, highlight } = useDebouncedPreview(values, photos);
  const preview = useMemo(
    () =>
      previewProfile(
        shown.values,
        // As visitors will see it: without the photos kept but not shown on the Standard plan.
        shown.photos
          .filter((p) => !p.hidden)
          .map((p) => ({
            imageId: p.key,
            url: p.url,
            position: p.position,
            width: p.width,
            height: p.height,
            // A saved photo keeps its check through the edit; a new one has none yet.
            verifiedAt:
              p.kind === "saved" ? (base?.images.find((i) => i.imageId === p.imageId)?.verifiedAt ?? null) : null,
          })),
        {
          listingId: base?.modelId ?? "preview",
          verified: base?.verified ?? false,
          live: base?.live ?? false,
          photoVerified: base?.photoVerified ?? false,
          takesRequests: base?.takesRequests ?? false,
        },
      ),
    [shown, base],
  );
  // Read once per mount: the preview's 'Available today' need not tick, and must not differ between renders.
  const [now] = useState(() => Date.now());
  return (
    <aside className="hidden min-w-0 lg:block" aria-label="Live preview" data-testid="editor-preview">
      <div className="sticky top-20 max-h-[calc(100dvh-6rem)] space-y-2 overflow-y-auto rounded-2xl border border-line bg-ink p-4">
        <p className="text-xs uppercase tracking-wide text-muted">Live preview: how visitors will see your listing</p>
        <ProfileView profile={preview} highlight={highlight} preview now={now} />
      </div>
    </aside>
  );
}

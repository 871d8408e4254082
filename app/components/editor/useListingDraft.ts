import { useCallback, useEffect, useRef, useState } from "react";
import {
  DRAFT_DEBOUNCE_MS,
  draftKey,
  parseDraft,
  sameValues,
  serializeDraft,
  type ListingDraft,
} from "~/lib/listing-draft";
import type { ListingValues } from "~/lib/listing-schema";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage can be off (private mode, a strict setting): the editor works without drafts.
  }
}

/**
 * Keeps the editor's unsaved values in localStorage, per account and listing. On opening, a draft that
 * differs from the saved listing is offered (restore or discard) and nothing is written until the provider
 * has answered, so the offer cannot be overwritten by the saved values. While editing, changes are written
 * 500 ms after the last keystroke; values equal to the saved ones remove the draft.
 */
export function useListingDraft(opts: {
  userId: string;
  modelId: string | null;
  values: ListingValues;
  saved: ListingValues;
  editing: boolean;
}) {
  const { userId, modelId, values, saved, editing } = opts;
  const key = draftKey(modelId);
  const [offer, setOffer] = useState<ListingDraft | null>(null);
  const [ready, setReady] = useState(false);
  // Set once the listing is saved: a write still waiting for its debounce must not bring the draft back.
  const done = useRef(false);

  useEffect(() => {
    const store = storage();
    const draft = parseDraft(store?.getItem(key) ?? null, userId, modelId, Date.now());
    if (draft && !sameValues(draft.values, saved)) setOffer(draft);
    else {
      store?.removeItem(key);
      setReady(true);
    }
    // Only when the listing opened changes: later saves of the same listing are handled by the writer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, userId]);

  useEffect(() => {
    if (!ready || !editing || done.current) return;
    const timer = window.setTimeout(() => {
      const store = storage();
      if (!store || done.current) return;
      try {
        if (sameValues(values, saved)) store.removeItem(key);
        else store.setItem(key, serializeDraft(userId, modelId, values, Date.now()));
      } catch {
        // A full storage loses the draft, never the edit on screen.
      }
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [ready, editing, values, saved, key, userId, modelId]);

  const restore = useCallback((): ListingValues | null => {
    const values = offer?.values ?? null;
    setOffer(null);
    setReady(true);
    return values;
  }, [offer]);

  const discard = useCallback(() => {
    storage()?.removeItem(key);
    setOffer(null);
    setReady(true);
  }, [key]);

  /** After a successful save (or Cancel): the draft is gone, and stays gone for this editor. */
  const clear = useCallback(
    ({ final }: { final: boolean }) => {
      done.current = final;
      storage()?.removeItem(key);
    },
    [key],
  );

  return { offer, restore, discard, clear };
}

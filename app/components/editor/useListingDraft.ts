import { useCallback, useEffect, useRef, type Dispatch } from "react";
import { DRAFT_DEBOUNCE_MS, draftKey, parseDraft, sameValues, serializeDraft } from "~/lib/listing-draft";
import { draftWritable, type DraftState, type EditorAction } from "~/lib/listing-editor-state";
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
 * differs from the saved listing is offered (restore or discard, answered through the editor's reducer) and
 * nothing is written until the provider has answered, so the offer cannot be overwritten by the saved
 * values. While editing, changes are written 500 ms after the last keystroke; values equal to the saved ones
 * remove the draft.
 */
export function useListingDraft(opts: {
  userId: string;
  modelId: string | null;
  values: ListingValues;
  saved: ListingValues;
  editing: boolean;
  draft: DraftState;
  dispatch: Dispatch<EditorAction>;
}) {
  const { userId, modelId, values, saved, editing, draft, dispatch } = opts;
  const key = draftKey(modelId);
  // Set once a new listing is saved: nothing is written for this editor after that.
  const done = useRef(false);
  // Bumped by every clear: a write still waiting for its debounce must not bring the draft back. React
  // applies the save's state (and cancels that timer) a task or two after the clear, so the timer can fire
  // in between.
  const generation = useRef(0);

  // Storage is read once per listing opened: the reducer records which key it checked, so a later save of the
  // same listing (a new `saved`) does not offer the draft again.
  const checked = draft.key === key;
  useEffect(() => {
    if (checked) return;
    const store = storage();
    const found = parseDraft(store?.getItem(key) ?? null, userId, modelId, Date.now());
    const offer = found && !sameValues(found.values, saved) ? { savedAt: found.savedAt, values: found.values } : null;
    if (!offer) store?.removeItem(key);
    dispatch({ type: "draftChecked", key, offer });
  }, [checked, key, userId, modelId, saved, dispatch]);

  const writable = draftWritable(draft, key);
  useEffect(() => {
    if (!writable || !editing || done.current) return;
    const scheduled = generation.current;
    const timer = window.setTimeout(() => {
      const store = storage();
      if (!store || done.current || generation.current !== scheduled) return;
      try {
        if (sameValues(values, saved)) store.removeItem(key);
        else store.setItem(key, serializeDraft(userId, modelId, values, Date.now()));
      } catch {
        // A full storage loses the draft, never the edit on screen.
      }
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [writable, editing, values, saved, key, userId, modelId]);

  const restore = useCallback(() => dispatch({ type: "draftRestored" }), [dispatch]);

  const discard = useCallback(() => {
    storage()?.removeItem(key);
    dispatch({ type: "draftDiscarded" });
  }, [key, dispatch]);

  /** After a successful save (or Cancel): the draft is gone, and stays gone for this editor. */
  const clear = useCallback(
    ({ final }: { final: boolean }) => {
      done.current = final;
      generation.current++;
      storage()?.removeItem(key);
    },
    [key],
  );

  return { offer: draft.status === "offered" ? draft.offer : null, restore, discard, clear };
}

// The browser draft's offer, and the draft kept on the server with its photos (see ../editor-state.ts and
// docs/decisions/0025-drafts-kept-with-their-photos.md).
import { renumber } from "../../rules";
import type { FieldErrors } from "../../schema";
import type { DraftAction, Handlers } from "./editor-types";
import { draftPhoto } from "./transitions";

export const draftHandlers: Handlers<DraftAction> = {
  draftChecked: (state, action) => ({
    ...state,
    draft: { key: action.key, status: action.offer ? "offered" : "none", offer: action.offer },
  }),
  draftRestored: (state) => {
    // Restoring opens the form for editing with the draft's values and the photos uploaded into it.
    const offer = state.draft.offer;
    if (state.draft.status !== "offered" || !offer) return state;
    const have = new Set(state.photos.map((p) => p.uploadId).filter(Boolean));
    const back = offer.photos.filter((p) => !have.has(p.uploadId)).map(draftPhoto);
    return {
      ...state,
      values: offer.values,
      photos: renumber([...state.photos, ...back]),
      errors: {},
      editing: true,
      draft: { ...state.draft, status: "restored", offer: null },
    };
  },
  draftDiscarded: (state) =>
    state.draft.status !== "offered"
      ? state
      : { ...state, draft: { ...state.draft, status: "discarded", offer: null } },
  draftPhotosKept: (state, action) => {
    // The restored draft's photos the server no longer has (expired, or saved elsewhere) leave the form.
    const gone = new Set(action.asked.filter((id) => !action.kept.includes(id)));
    if (!gone.size) return state;
    return {
      ...state,
      photos: renumber(state.photos.filter((p) => !(p.kind === "temp" && p.uploadId && gone.has(p.uploadId)))),
    };
  },
  draftKept: (state, action) => {
    // 'Save Draft' on an incomplete listing: the draft is kept and what it still needs is listed (the list
    // takes the focus); the fields show their messages, on the first page that has one.
    const errors: FieldErrors = Object.fromEntries(action.gaps.map((g) => [g.field, g.message]));
    const page = action.gaps[0]?.page ?? state.page;
    return { ...state, saving: false, gaps: action.gaps, errors, page, toast: null };
  },
};

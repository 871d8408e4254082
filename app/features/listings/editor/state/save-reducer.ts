// Saving, and the toast that tells how it went (see ../editor-state.ts).
import { EDITOR_MSG } from "./editor-types";
import type { EditorState, Handlers, SaveAction } from "./editor-types";
import { focus, resetTo } from "./transitions";

export const saveHandlers: Handlers<SaveAction> = {
  saveStarted: (state) => ({ ...state, saving: true, gaps: null }),
  saveFailed: (state, action) => {
    const next: EditorState = { ...state, saving: false, toast: { message: action.message, tone: "error" } };
    // The first failing page is shown with its first error focused (spec §4: 'On save the first failing page is shown').
    if (!action.fieldErrors || !Object.keys(action.fieldErrors).length) return next;
    return {
      ...next,
      errors: action.fieldErrors,
      page: action.page ?? state.page,
      focus: focus(state, "error", action.page !== undefined),
    };
  },
  saved: (state, action) => ({
    ...resetTo(state, action.profile),
    saving: false,
    toast: { message: EDITOR_MSG.saved, tone: "ok" },
  }),
  toast: (state, action) => ({ ...state, toast: { message: action.message, tone: action.tone ?? "error" } }),
  toastClosed: (state) => ({ ...state, toast: null }),
};

// The wizard's pages (see ../editor-state.ts).
import type { Page } from "../../editor-pages";
import { pageOf, tourContext, validatePage } from "../../schema";
import type { Handlers, PageAction } from "./editor-types";
import { focus, toPage } from "./transitions";

export const pageHandlers: Handlers<PageAction> = {
  next: (state) => {
    // Spec: in edit mode Next checks the current page and advances only when it passes; outside it always advances.
    if (state.editing) {
      const pageErrors = validatePage(state.page, state.values, state.photos.length, tourContext(state.base?.tours));
      const others = Object.fromEntries(Object.entries(state.errors).filter(([k]) => pageOf(k) !== state.page));
      const errors = { ...others, ...pageErrors };
      if (Object.keys(pageErrors).length) return { ...state, errors, focus: focus(state, "error", false) };
      state = { ...state, errors };
    }
    return state.page < 3 ? toPage(state, (state.page + 1) as Page) : state;
  },
  back: (state) => (state.page > 1 ? toPage(state, (state.page - 1) as Page) : state),
  goTo: (state, action) =>
    action.page === state.page ? { ...state, focus: focus(state, "heading", true) } : toPage(state, action.page),
};

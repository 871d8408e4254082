// The form's values and the saved listing they start from (see ../editor-state.ts).
import { renumber } from "../../rules";
import { valuesFromProfile } from "../form";
import type { FormAction, Handlers } from "./editor-types";
import { resetTo, savedPhotos, without } from "./transitions";

export const formHandlers: Handlers<FormAction> = {
  loaded: (state, action) => {
    // Fresh loader data (after a save or a failed photo delete): outside edit mode the form follows it;
    // an edit in progress keeps its values, order and temporary photos, and drops deleted saved photos.
    if (!state.editing)
      return {
        ...state,
        base: action.profile,
        values: valuesFromProfile(action.profile),
        photos: savedPhotos(action.profile),
      };
    const still = new Set(action.profile.images.map((i) => i.imageId));
    return {
      ...state,
      base: action.profile,
      photos: renumber(state.photos.filter((p) => p.kind === "temp" || still.has(p.imageId!))),
    };
  },
  edit: (state) => ({ ...state, editing: true }),
  cancel: (state) => resetTo(state, state.base),
  field: (state, action) => ({
    ...state,
    values: { ...state.values, [action.key]: action.value },
    errors: without(state.errors, [action.key]),
  }),
  location: (state, action) => {
    // Suburbs belong to one region: a new region clears the suburb.
    const same = action.region === state.values.location;
    return {
      ...state,
      values: { ...state.values, location: action.region, suburb: same ? state.values.suburb : "" },
      errors: without(state.errors, ["location", "suburb"]),
    };
  },
  clearErrors: (state, action) => ({ ...state, errors: without(state.errors, action.keys) }),
};

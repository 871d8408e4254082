// Saving the listing (provider spec §4, §5, §7): the save check first (the first failing page is shown),
// then the spec's multipart body to POST /api/profiles (new) or PUT /api/profile (existing). A new listing
// goes to /dashboard; an existing one leaves edit mode and reloads. 'Save Draft' on an incomplete listing keeps
// the draft (with its photos) and lists what it still needs (docs/decisions/0025-drafts-kept-with-their-photos.md).
import { useNavigate, useRevalidator } from "@remix-run/react";
import { announceToast } from "~/ui/Toast";
import { TOAST } from "~/features/site/toasts";
import type { Dispatch } from "react";
import { listingFormData } from "~/features/listings/body";
import { draftGaps } from "~/features/listings/draft";
import { EDITOR_MSG, photoPlan } from "./editor-state";
import type { EditorAction, EditorPhoto, EditorState } from "./editor-state";
import { tourContext, validateListing } from "~/features/listings/schema";
import type { FieldErrors, Page } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { sessionExpired } from "./photos/upload-request";

type SaveAnswer = Partial<Profile> & { error?: string; message?: string; fieldErrors?: FieldErrors; page?: Page };

type SaveFailure = { message: string; fieldErrors?: FieldErrors; page?: Page };

/** The spec's multipart body to POST /api/profiles (new) or PUT /api/profile (existing), and what came back. */
async function sendListing(
  mode: "create" | "edit",
  { values, photos, base }: EditorState,
): Promise<"expired" | { ok: true; profile: Profile } | { ok: false; failure: SaveFailure }> {
  const body = listingFormData(values, {
    listingId: mode === "edit" ? base?.modelId : undefined,
    ...photoPlan(photos),
  });
  let res: Response;
  try {
    res = await fetch(mode === "create" ? "/api/profiles" : "/api/profile", {
      method: mode === "create" ? "POST" : "PUT",
      body,
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, failure: { message: EDITOR_MSG.saveFailed } };
  }
  if (res.status === 401) return "expired";
  const json = (await res.json().catch(() => ({}))) as SaveAnswer;
  if (res.ok) return { ok: true, profile: json as Profile };
  const message = json.message ?? json.error ?? EDITOR_MSG.saveFailed;
  return { ok: false, failure: { message, fieldErrors: json.fieldErrors, page: json.page } };
}

/** A hint for the site's other tabs that a listing changed (see features/site/Realtime.tsx). */
function markProfileUpdated() {
  try {
    localStorage.setItem("profileUpdated", String(Date.now()));
  } catch {
    // Storage may be off; nothing depends on the marker.
  }
}

export function useListingSave(opts: {
  mode: "create" | "edit";
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Uploads still in flight, including those of photos removed meanwhile. */
  uploading: boolean;
  /** Lets go of a temporary photo (its preview URL) once the form no longer shows it. */
  forget: (photo: EditorPhoto) => void;
  clearDraft: (opts: { final: boolean }) => void;
  /** Writes the draft now (its photos kept with it on the server). */
  keepDraft: () => void;
  /** The button reads Save Draft (an unverified listing): an incomplete one is kept as a draft. */
  draftOnly: boolean;
}) {
  const { mode, state, dispatch, uploading, forget, clearDraft, keepDraft, draftOnly } = opts;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { values, photos, base, page, editing } = state;

  const forgetTemporary = () => {
    for (const p of photos) if (p.kind === "temp") forget(p);
  };

  async function save() {
    if (uploading || photos.some((p) => p.status === "uploading")) {
      dispatch({ type: "toast", message: EDITOR_MSG.waitForUploads });
      return;
    }
    const check = validateListing(values, photos.length, tourContext(base?.tours));
    if (!check.ok && draftOnly) {
      keepDraft();
      dispatch({ type: "draftKept", gaps: draftGaps(values, photos.length, tourContext(base?.tours)) });
      return;
    }
    if (!check.ok) {
      dispatch({ type: "saveFailed", message: check.error, fieldErrors: check.fieldErrors, page: check.page });
      return;
    }
    dispatch({ type: "saveStarted" });
    const sent = await sendListing(mode, state);
    if (sent === "expired") return sessionExpired();
    if (!sent.ok) {
      dispatch({ type: "saveFailed", ...sent.failure });
      return;
    }
    markProfileUpdated();
    clearDraft({ final: mode === "create" });
    if (mode === "create") {
      // The editor closes: the site's toast (root layout) confirms the save on the dashboard it opens.
      announceToast(TOAST.listingSaved);
      navigate("/dashboard");
      return;
    }
    forgetTemporary();
    dispatch({ type: "saved", profile: sent.profile });
    revalidator.revalidate();
  }

  /** The form's submit (Enter in a field, or the last page's button): Next on pages 1-2, save on page 3. */
  function submit() {
    if (page < 3) dispatch({ type: "next" });
    else if (editing) void save();
  }

  /** Cancel: a new listing is abandoned (its draft with it); an existing one goes back to its saved values. */
  function cancel() {
    clearDraft({ final: mode === "create" });
    if (mode === "create") {
      navigate("/dashboard");
      return;
    }
    forgetTemporary();
    dispatch({ type: "cancel" });
  }

  return { save, submit, cancel };
}

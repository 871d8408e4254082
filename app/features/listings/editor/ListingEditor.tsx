// The listing editor (provider spec §2, §4, §5): a three-page wizard with a live preview drawn by the
// public profile's own components. /profile/new starts in edit mode with a blank form; an existing
// listing opens in view mode until 'Edit Profile'. The state lives in features/listings/editor/editor-state.ts; this
// shell wires it to the pages, the draft, the uploads and the save.
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Dispatch } from "react";
import { editorReducer, initialEditorState, photoKeys } from "./editor-state";
import type { EditorAction, EditorPhoto, EditorState, PhotoChecks } from "./editor-state";
import { sameValues } from "~/features/listings/draft";
import { valuesFromProfile } from "./form";
import { saveButtonLabel } from "~/features/listings/rules";
import { emptyListingValues } from "~/features/listings/schema";
import type { ListingValues } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { BadgeWarning } from "./BadgeWarning";
import { DiscardDialog } from "./drafts/DiscardDialog";
import { DraftGaps } from "./drafts/DraftGaps";
import { DraftOffer } from "./drafts/DraftOffer";
import { EditorPreview } from "./EditorPreview";
import { EditorToast } from "./EditorToast";
import { useListingDraft } from "./drafts/useListingDraft";
import { useListingSave } from "./useListingSave";
import { usePhotoUploads } from "./photos/usePhotoUploads";
import { EditorHeader } from "./shell/EditorHeader";
import { EditorPageForm } from "./shell/EditorPageForm";
import { EditorIntro } from "./shell/EditorIntro";

export { EDITOR_MSG } from "./editor-state";
export { HIGHLIGHT_MS, PREVIEW_DEBOUNCE_MS } from "./EditorPreview";

/** Focus moves once the new page or the errors are on screen. */
function useEditorFocus(focus: EditorState["focus"]) {
  const formRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    if (focus.scroll) formRef.current?.scrollIntoView({ block: "start" });
    if (focus.target === "heading") headingRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-first-error]')?.focus();
  }, [focus]);
  return { formRef, headingRef };
}

/** Cancel asks first when it would throw something away: typing, or photos not saved yet. */
function useCancelAsk(state: EditorState, saved: ListingValues, cancel: () => void) {
  const [asking, setAsking] = useState(false);
  const changed = !sameValues(state.values, saved) || state.photos.some((p) => p.kind === "temp");
  return {
    asking,
    onCancel: () => (changed ? setAsking(true) : cancel()),
    keep: () => setAsking(false),
    discard: () => {
      setAsking(false);
      cancel();
    },
  };
}

/**
 * The editor's traffic, wired to its state: the photo uploads, the draft kept in this browser, and the save
 * (with Cancel asking first).
 */
function useEditorTraffic(
  mode: "create" | "edit",
  userId: string,
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
) {
  const { base, editing, values, photos } = state;
  const uploads = usePhotoUploads(dispatch);
  const saved = useMemo(() => (base ? valuesFromProfile(base) : emptyListingValues()), [base]);
  const listingId = mode === "edit" ? (base?.modelId ?? null) : null;
  // The dashboard's 'Continue your unsaved listing' opens the new listing's draft without asking again.
  const location = useLocation();
  const autoContinue = mode === "create" && (location.state as { draft?: string } | null)?.draft === "continue";
  const stored = useListingDraft({
    userId,
    listingId,
    values,
    photos,
    saved,
    editing,
    draft: state.draft,
    dispatch,
    autoContinue,
  });
  const { save, submit, cancel } = useListingSave({
    mode,
    state,
    dispatch,
    uploading: uploads.uploading,
    forget: uploads.forget,
    clearDraft: stored.clear,
    keepDraft: stored.flush,
    draftOnly: !(base?.verified ?? false),
  });
  const ask = useCancelAsk(state, saved, cancel);
  return { uploads, stored, save, submit, ask };
}

export function ListingEditor({
  mode,
  profile,
  userId,
  watermarks,
  checks,
}: {
  mode: "create" | "edit";
  /** Which saved photos wait for a check, and the loader's clock for the checks' age (PhotoTileCheck). */
  checks: PhotoChecks;
  profile: Profile | null;
  userId: string;
  /** Whether the image service draws the site-name watermark (photos/watermark-probe.server.ts). */
  watermarks: boolean;
}) {
  const [state, dispatch] = useReducer(editorReducer, profile, (p) => initialEditorState(mode, p));
  const { base, editing, page, values, photos, errors, saving, focus } = state;
  const { formRef, headingRef } = useEditorFocus(focus);

  const { uploads, stored, save, submit, ask } = useEditorTraffic(mode, userId, state, dispatch);
  const label = saveButtonLabel(base?.verified ?? false, base?.live ?? false);
  const keys = useMemo(() => photoKeys(photos), [photos]);
  const closeToast = useCallback(() => dispatch({ type: "toastClosed" }), []);

  // Fresh loader data (after a save or a failed photo delete) goes through the reducer, which keeps an edit in progress.
  useEffect(() => {
    if (profile) dispatch({ type: "loaded", profile });
  }, [profile]);

  const title = mode === "create" ? "New Listing" : `Edit Listing${base?.firstName ? `: ${base.firstName}` : ""}`;
  const photoProps = {
    photos,
    deleting: state.deleting,
    refused: state.refused,
    watermarks,
    checks,
    onAddFiles: (files: FileList | File[]) => void uploads.addFiles(files, photos.length),
    onDeletePhoto: (item: EditorPhoto) => void uploads.remove(item),
  };

  return (
    <div className="min-h-dvh">
      <EditorHeader
        editing={editing}
        saving={saving}
        saveLabel={label}
        onCancel={ask.onCancel}
        onSave={save}
        onEdit={() => dispatch({ type: "edit" })}
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-5 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div ref={formRef} className="min-w-0 scroll-mt-4 space-y-5">
          <EditorIntro title={title} editing={editing} page={page} />
          {editing ? <BadgeWarning base={base} values={values} photoKeys={keys} /> : null}
          {stored.offer ? (
            <DraftOffer savedAt={stored.offer.savedAt} onRestore={stored.restore} onDiscard={stored.discard} />
          ) : null}
          {state.gaps?.length ? (
            <DraftGaps gaps={state.gaps} onGoTo={(p) => dispatch({ type: "goTo", page: p })} />
          ) : null}
          <EditorPageForm
            page={page}
            pageProps={{ values, errors, editing, dispatch }}
            photoProps={photoProps}
            saving={saving}
            saveLabel={label}
            headingRef={headingRef}
            onSubmit={submit}
          />
        </div>
        <EditorPreview values={values} photos={photos} base={base} />
      </div>
      {state.toast ? <EditorToast toast={state.toast} onClose={closeToast} /> : null}
      {ask.asking ? <DiscardDialog creating={mode === "create"} onKeep={ask.keep} onDiscard={ask.discard} /> : null}
    </div>
  );
}

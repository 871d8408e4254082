// The listing editor (provider spec §2, §4, §5): a three-page wizard with a live preview drawn by the
// public profile's own components. /profile/new starts in edit mode with a blank form; an existing
// listing opens in view mode until 'Edit Profile'. The state lives in features/listings/editor/editor-state.ts; this
// shell wires it to the pages, the draft, the uploads and the save.
import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { editorReducer, initialEditorState, photoKeys } from "./editor-state";
import { sameValues } from "~/features/listings/draft";
import { valuesFromProfile } from "./form";
import { saveButtonLabel } from "~/features/listings/rules";
import { emptyListingValues, type Page } from "~/features/listings/schema";
import type { Profile } from "~/features/profile/profile";
import { Logo } from "~/features/site/Logo";
import { ArrowLeftIcon } from "~/ui/icons";
import { BadgeWarning } from "./BadgeWarning";
import { DiscardDialog } from "./drafts/DiscardDialog";
import { DraftGaps } from "./drafts/DraftGaps";
import { DraftOffer } from "./drafts/DraftOffer";
import { EditorPageAboutYou } from "./EditorPageAboutYou";
import { EditorPagePhotosBasics } from "./EditorPagePhotosBasics";
import { EditorPageRates } from "./EditorPageRates";
import { EditorPreview } from "./EditorPreview";
import { EditorToast } from "./EditorToast";
import { BUTTON, PRIMARY } from "./fields";
import { useListingDraft } from "./drafts/useListingDraft";
import { useListingSave } from "./useListingSave";
import { usePhotoUploads } from "./usePhotoUploads";

export { EDITOR_MSG } from "./editor-state";
export { HIGHLIGHT_MS, PREVIEW_DEBOUNCE_MS } from "./EditorPreview";

export function ListingEditor({
  mode,
  profile,
  userId,
}: {
  mode: "create" | "edit";
  profile: Profile | null;
  userId: string;
}) {
  const [state, dispatch] = useReducer(editorReducer, profile, (p) => initialEditorState(mode, p));
  const { base, editing, page, values, photos, errors, saving, focus } = state;
  const formRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const uploads = usePhotoUploads(dispatch);
  const saved = useMemo(() => (base ? valuesFromProfile(base) : emptyListingValues()), [base]);
  const modelId = mode === "edit" ? (base?.modelId ?? null) : null;
  // The dashboard's 'Continue your unsaved listing' opens the new listing's draft without asking again.
  const location = useLocation();
  const autoContinue = mode === "create" && (location.state as { draft?: string } | null)?.draft === "continue";
  const stored = useListingDraft({
    userId,
    modelId,
    values,
    photos,
    saved,
    editing,
    draft: state.draft,
    dispatch,
    autoContinue,
  });
  const label = saveButtonLabel(base?.verified ?? false, base?.live ?? false);
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
  // Cancel asks first when it would throw something away: typing, or photos not saved yet.
  const [askingCancel, setAskingCancel] = useState(false);
  const changed = !sameValues(values, saved) || photos.some((p) => p.kind === "temp");
  const onCancel = () => (changed ? setAskingCancel(true) : cancel());
  const keys = useMemo(() => photoKeys(photos), [photos]);
  const closeToast = useCallback(() => dispatch({ type: "toastClosed" }), []);

  // Fresh loader data (after a save or a failed photo delete) goes through the reducer, which keeps an edit in progress.
  useEffect(() => {
    if (profile) dispatch({ type: "loaded", profile });
  }, [profile]);

  // Focus moves once the new page or the errors are on screen.
  useEffect(() => {
    if (!focus) return;
    if (focus.scroll) formRef.current?.scrollIntoView({ block: "start" });
    if (focus.target === "heading") headingRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-first-error]')?.focus();
  }, [focus]);

  const title = mode === "create" ? "New Listing" : `Edit Listing${base?.firstName ? `: ${base.firstName}` : ""}`;
  const pageProps = { values, errors, editing, dispatch };

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:flex-nowrap sm:px-6">
          <Link
            to="/dashboard"
            aria-label="Back to dashboard"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:text-accent"
            data-testid="editor-back"
          >
            <ArrowLeftIcon className="h-5 w-5" />
          </Link>
          <Link to="/" className="inline-flex min-h-11 items-center whitespace-nowrap">
            <Logo />
          </Link>
          {/* On a phone the actions take their own row rather than squeezing the logo. */}
          <div className="flex w-full justify-end gap-2 sm:ml-auto sm:w-auto">
            {editing ? (
              <>
                <button
                  type="button"
                  onClick={onCancel}
                  className={BUTTON}
                  disabled={saving}
                  data-testid="editor-cancel"
                >
                  Cancel
                </button>
                <button
                  type="button"
                  onClick={save}
                  className={PRIMARY}
                  disabled={saving}
                  aria-busy={saving || undefined}
                  data-testid="editor-save"
                >
                  {saving ? "Saving…" : label}
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => dispatch({ type: "edit" })}
                className={PRIMARY}
                data-testid="editor-edit"
              >
                Edit Profile
              </button>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-5 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div ref={formRef} className="min-w-0 scroll-mt-20 space-y-5">
          <div className="space-y-3">
            <h1 className="text-2xl font-bold">{title}</h1>
            {!editing ? (
              <p className="text-sm text-muted">You are viewing this listing. Choose Edit Profile to change it.</p>
            ) : null}
            <ol className="grid grid-cols-3 gap-2" aria-label="Editor progress" data-testid="editor-progress">
              {([1, 2, 3] as Page[]).map((n) => (
                <li key={n} aria-current={page === n ? "step" : undefined} className="space-y-1">
                  <span
                    className={`block h-1.5 rounded-full ${n <= page ? "bg-accent" : "bg-line"}`}
                    aria-hidden="true"
                  />
                  <span className={`block text-xs ${n === page ? "font-semibold text-white" : "text-muted"}`}>
                    {n}. {EDITOR_PAGE_TITLES[n]}
                  </span>
                </li>
              ))}
            </ol>
          </div>

          {editing ? <BadgeWarning base={base} values={values} photoKeys={keys} /> : null}
          {stored.offer ? (
            <DraftOffer savedAt={stored.offer.savedAt} onRestore={stored.restore} onDiscard={stored.discard} />
          ) : null}
          {state.gaps?.length ? (
            <DraftGaps gaps={state.gaps} onGoTo={(p) => dispatch({ type: "goTo", page: p })} />
          ) : null}

          <form
            noValidate
            onSubmit={(ev) => {
              ev.preventDefault();
              submit();
            }}
            className="space-y-6 rounded-2xl border border-line bg-panel p-4 sm:p-6"
            aria-labelledby="editor-page-heading"
          >
            <h2
              id="editor-page-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold focus:outline-none"
            >
              {`Page ${page} of 3: ${EDITOR_PAGE_TITLES[page]}`}
            </h2>
            {page === 1 ? (
              <EditorPagePhotosBasics
                {...pageProps}
                photos={photos}
                deleting={state.deleting}
                refused={state.refused}
                onAddFiles={(files) => void uploads.addFiles(files, photos.length)}
                onDeletePhoto={(item) => void uploads.remove(item)}
              />
            ) : page === 2 ? (
              <EditorPageAboutYou {...pageProps} />
            ) : (
              <EditorPageRates {...pageProps} />
            )}
            <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
              <button type="button" onClick={() => dispatch({ type: "back" })} disabled={page === 1} className={BUTTON}>
                Back
              </button>
              {page < 3 ? (
                <button type="submit" className={PRIMARY} data-testid="editor-next">
                  Next
                </button>
              ) : editing ? (
                <button type="submit" className={PRIMARY} disabled={saving}>
                  {saving ? "Saving…" : label}
                </button>
              ) : null}
            </div>
          </form>
        </div>

        <EditorPreview values={values} photos={photos} base={base} />
      </div>
      {state.toast ? <EditorToast toast={state.toast} onClose={closeToast} /> : null}
      {askingCancel ? (
        <DiscardDialog
          creating={mode === "create"}
          onKeep={() => setAskingCancel(false)}
          onDiscard={() => {
            setAskingCancel(false);
            cancel();
          }}
        />
      ) : null}
    </div>
  );
}

// The wizard's form: the current page under its heading, then Back and Next (or, on the last page while
// editing, Save). Enter in a field submits it like Next (provider spec §2).
import type { ComponentProps, Ref } from "react";
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import type { Page } from "~/features/listings/schema";
import { EditorPageAboutYou } from "../EditorPageAboutYou";
import { EditorPagePhotosBasics } from "../EditorPagePhotosBasics";
import { EditorPageRates } from "../EditorPageRates";
import { BUTTON, PRIMARY } from "../fields";
import type { EditorPageProps } from "../fields";

/** What page 1 needs beyond the fields every page shares: the photos and their traffic. */
type PhotoProps = Omit<ComponentProps<typeof EditorPagePhotosBasics>, keyof EditorPageProps>;

export function EditorPageForm({
  page,
  pageProps,
  photoProps,
  saving,
  saveLabel,
  headingRef,
  onSubmit,
}: {
  page: Page;
  pageProps: EditorPageProps;
  photoProps: PhotoProps;
  saving: boolean;
  saveLabel: string;
  headingRef: Ref<HTMLHeadingElement>;
  onSubmit: () => void;
}) {
  const { editing, dispatch } = pageProps;
  return (
    <form
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        onSubmit();
      }}
      className="space-y-6 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      aria-labelledby="editor-page-heading"
    >
      <h2 id="editor-page-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {`Page ${page} of 3: ${EDITOR_PAGE_TITLES[page]}`}
      </h2>
      {page === 1 ? (
        <EditorPagePhotosBasics {...pageProps} {...photoProps} />
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
            {saving ? "Saving…" : saveLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}

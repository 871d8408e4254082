// The editor's sticky bar: back to the dashboard, the logo, and the actions of the mode it is in (Cancel and
// Save while editing, Edit Profile while viewing).
import { Link } from "@remix-run/react";
import { Logo } from "~/features/site/Logo";
import { ArrowLeftIcon } from "~/ui/icons";
import { BUTTON, PRIMARY } from "../fields";

export function EditorHeader({
  editing,
  saving,
  saveLabel,
  onCancel,
  onSave,
  onEdit,
}: {
  editing: boolean;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
  onSave: () => void;
  onEdit: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur" data-sticky-top="editor">
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
              <button type="button" onClick={onCancel} className={BUTTON} disabled={saving} data-testid="editor-cancel">
                Cancel
              </button>
              <button
                type="button"
                onClick={onSave}
                className={PRIMARY}
                disabled={saving}
                aria-busy={saving || undefined}
                data-testid="editor-save"
              >
                {saving ? "Saving…" : saveLabel}
              </button>
            </>
          ) : (
            <button type="button" onClick={onEdit} className={PRIMARY} data-testid="editor-edit">
              Edit Profile
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

// The top of the editor's column: its title, a note while only viewing, and the wizard's three steps with
// the current one marked (provider spec §2).
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import type { Page } from "~/features/listings/schema";

export function EditorIntro({ title, editing, page }: { title: string; editing: boolean; page: Page }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {!editing ? (
        <p className="text-sm text-muted">You are viewing this listing. Choose Edit Profile to change it.</p>
      ) : null}
      <ol className="grid grid-cols-3 gap-2" aria-label="Editor progress" data-testid="editor-progress">
        {([1, 2, 3] as Page[]).map((n) => (
          <li key={n} aria-current={page === n ? "step" : undefined} className="space-y-1">
            <span className={`block h-1.5 rounded-full ${n <= page ? "bg-accent" : "bg-line"}`} aria-hidden="true" />
            <span className={`block text-xs ${n === page ? "font-semibold text-white" : "text-muted"}`}>
              {n}. {EDITOR_PAGE_TITLES[n]}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

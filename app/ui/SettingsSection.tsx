// The titled panel every block of the account pages sits in (/managesub, two-factor settings): one place for
// the heading's id, so each block is a landmark screen readers can jump to by its title.
import type { ReactNode, Ref } from "react";

const FRAMES = {
  plain: "border border-line bg-panel",
  accent: "border border-accent bg-panel",
  warning: "border-2 border-amber-400/70 bg-panel",
  danger: "border-2 border-rose-400 bg-rose-950/40",
} as const;

export function SettingsSection({
  id,
  title,
  intro,
  testId,
  frame = "plain",
  className = "",
  sectionRef,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  testId?: string;
  /** The border says what kind of block it is: a warning (codes to keep), a danger (deletion), or a choice. */
  frame?: keyof typeof FRAMES;
  /** Extra classes for the section, e.g. scroll margin and focus ring when an action moves focus to it. */
  className?: string;
  /** For a block the page moves to and focuses (app/ui/show-in-view.ts): it can then take the focus. */
  sectionRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section
      ref={sectionRef}
      tabIndex={sectionRef ? -1 : undefined}
      aria-labelledby={id}
      className={`space-y-4 rounded-2xl p-6 ${FRAMES[frame]} ${className}`.trim()}
      data-testid={testId}
    >
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {intro ? <p className="text-sm text-zinc-300">{intro}</p> : null}
      {children}
    </section>
  );
}

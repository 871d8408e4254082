// The titled panel every block of the account pages sits in (/managesub, two-factor settings): one place for
// the heading's id, so each block is a landmark screen readers can jump to by its title.
import type { ReactNode } from "react";

export function SettingsSection({
  id,
  title,
  intro,
  testId,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-line bg-panel p-6"
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

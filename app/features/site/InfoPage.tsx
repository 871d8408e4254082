import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/ui/Button";

/** Solid accent button (dark text on the accent colour keeps AA contrast), for links in text pages. */
export const PRIMARY_BUTTON = buttonClass({ size: "roomy" });

// Links inside running text are underlined, not told apart by colour alone (WCAG 1.4.1).
const PROSE =
  "space-y-4 leading-relaxed text-zinc-200 [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-accent-strong [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:text-white [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6";

/**
 * Shell of the text pages: one h1, an optional lead and 'Last updated' line, then the content. A lead given as
 * text is one paragraph.
 */
export function InfoPage({
  title,
  lead,
  updated,
  children,
  width = "narrow",
}: {
  title: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
  width?: "narrow" | "medium" | "wide";
}) {
  return (
    <div
      className={`mx-auto px-3 py-8 sm:px-6 sm:py-12 ${width === "wide" ? "max-w-7xl" : width === "medium" ? "max-w-5xl" : "max-w-3xl"}`}
    >
      <header className="mb-8 space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {updated ? <p className="text-sm text-muted">Last updated {updated}</p> : null}
        {lead ? (
          <div className="max-w-3xl text-lg text-zinc-300">{typeof lead === "string" ? <p>{lead}</p> : lead}</div>
        ) : null}
      </header>
      {children}
    </div>
  );
}

export function Prose({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`${PROSE} ${className}`}>{children}</div>;
}

/** A titled part of a text page; `id` makes it linkable from a table of contents. */
export function InfoSection({
  id,
  title,
  number,
  children,
}: {
  id: string;
  title: string;
  number?: number;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3 border-t border-line pt-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-white">
        {number != null ? <span className="mr-1 text-accent">{number}.</span> : null}
        {number != null ? " " : null}
        {title}
      </h2>
      <Prose>{children}</Prose>
    </section>
  );
}

export type TocEntry = { id: string; title: string };

/** In-page contents for the long legal pages, so keyboard and screen-reader users can jump to a part. */
export function TableOfContents({ entries, numbered = false }: { entries: readonly TocEntry[]; numbered?: boolean }) {
  const List = numbered ? "ol" : "ul";
  return (
    <nav aria-labelledby="toc-title" className="mb-8 rounded-xl border border-line bg-panel p-4 sm:p-5">
      <h2 id="toc-title" className="mb-2 text-base font-semibold">
        Contents
      </h2>
      <List className={`grid gap-x-6 sm:grid-cols-2 ${numbered ? "list-decimal pl-6 marker:text-muted" : ""}`}>
        {entries.map((e) => (
          <li key={e.id}>
            <a
              href={`#${e.id}`}
              className="inline-flex min-h-11 items-center text-zinc-200 underline-offset-2 hover:text-accent hover:underline"
            >
              {e.title}
            </a>
          </li>
        ))}
      </List>
    </nav>
  );
}

/** The closing call to action on the text pages. */
export function CallToAction({ title, text, to, label }: { title: string; text: string; to: string; label: string }) {
  return (
    <section aria-labelledby="cta-title" className="mt-10 rounded-2xl border border-line bg-panel p-6 text-center">
      <h2 id="cta-title" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-zinc-300">{text}</p>
      <Link to={to} className={`${PRIMARY_BUTTON} mt-5`}>
        {label}
      </Link>
    </section>
  );
}

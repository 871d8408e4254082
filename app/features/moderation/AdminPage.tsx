import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_LINKS } from "./admin-links";

export { ADMIN_LINKS };

/** The frame of the administrators' screens: a title, the home and the queues as tabs, then the content. */
export function AdminPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-3 py-8 sm:px-6">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {lead ? <p className="max-w-3xl text-zinc-300">{lead}</p> : null}
        <nav aria-label="Administration" className="flex flex-wrap gap-2">
          {ADMIN_LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              // The home's tab is current on /admin only, not under every /admin/… page.
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
                  isActive ? "border-accent bg-accent text-ink" : "border-line text-zinc-200 hover:bg-panel"
                }`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      </header>
      {children}
    </div>
  );
}

/** What an administrators' queue or list says when it has nothing in it. */
export function EmptyQueue({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">{children}</p>;
}

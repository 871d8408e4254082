import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import type { MenuItem } from "./dashboard";
import { MenuIcon, CloseIcon } from "~/ui/icons";
import { Logo } from "~/features/site/Logo";
import { SignOutForm } from "~/features/accounts/SignOutForm";

const DRAWER_ID = "dashboard-drawer";

/**
 * The dashboard's frame: a sidebar (greeting and menu) beside the content on wide screens; on small
 * screens a slide-in drawer with a backdrop. The drawer is driven by a checkbox and <label>s, so it opens
 * and closes without JavaScript; with it, Escape and following a link close it too. Screen readers and
 * keyboards use the checkbox itself ('Show menu'); the icon labels are for pointers only. While closed
 * the drawer is `invisible`, which also takes its links out of the tab order.
 */
export function DashboardShell({
  greeting,
  menu,
  children,
}: {
  greeting: string;
  menu: MenuItem[];
  children: ReactNode;
}) {
  const toggle = useDrawerToggle();

  return (
    <div className="relative md:grid md:min-h-dvh md:grid-cols-[16rem_minmax(0,1fr)]">
      <input
        ref={toggle}
        id={DRAWER_ID}
        type="checkbox"
        className="peer sr-only md:hidden"
        aria-label="Show menu"
        aria-controls="dashboard-sidebar"
      />
      {/* Backdrop: a click on it closes the drawer (it is a label of the same checkbox). */}
      <label
        htmlFor={DRAWER_ID}
        aria-hidden="true"
        className="fixed inset-0 z-40 hidden bg-black/70 peer-checked:block md:hidden"
        data-testid="drawer-backdrop"
      />
      <aside
        id="dashboard-sidebar"
        aria-label="Dashboard menu"
        className="invisible fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] -translate-x-full flex-col overflow-y-auto border-r border-line bg-panel p-4 transition-transform duration-200 peer-checked:visible peer-checked:translate-x-0 md:visible md:static md:z-auto md:w-auto md:max-w-none md:translate-x-0"
      >
        <div className="flex items-center justify-between">
          <Link to="/" className="inline-flex min-h-11 items-center">
            <Logo />
          </Link>
          <label
            htmlFor={DRAWER_ID}
            className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg md:hidden"
            aria-hidden="true"
            title="Close menu"
          >
            <CloseIcon />
          </label>
        </div>
        <p className="mt-6 text-lg font-semibold" data-testid="dashboard-greeting">
          {greeting}
        </p>
        <DashboardNav menu={menu} />
        <SignOutForm className="mt-auto pt-6">
          <button
            type="submit"
            className="flex min-h-11 w-full items-center rounded-lg border border-line px-3 text-left hover:border-accent"
          >
            Sign Out
          </button>
        </SignOutForm>
      </aside>

      <div className="min-w-0">
        <div
          className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-ink/95 px-2 backdrop-blur md:hidden"
          data-sticky-top="dashboard"
        >
          <label
            htmlFor={DRAWER_ID}
            className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg [.peer:focus-visible~div_&]:outline-3 [.peer:focus-visible~div_&]:outline-accent-strong"
            aria-hidden="true"
            title="Open menu"
            data-testid="drawer-open"
          >
            <MenuIcon />
          </label>
          <Link to="/" className="inline-flex min-h-11 items-center">
            <Logo />
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

/** With JavaScript, the drawer's checkbox also unticks on a new page and on Escape (the focus goes back to it). */
function useDrawerToggle() {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const close = () => {
    if (toggle.current) toggle.current.checked = false;
  };
  useEffect(close, [location.pathname, location.search]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && toggle.current?.checked) {
        close();
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return toggle;
}

/** The sidebar's menu: the dashboard itself, then the items the owner's account offers. */
function DashboardNav({ menu }: { menu: MenuItem[] }) {
  return (
    <nav aria-label="Dashboard" className="mt-4">
      <ul className="space-y-1">
        <li>
          <NavLink
            to="/dashboard"
            end
            className="flex min-h-11 items-center rounded-lg px-3 hover:bg-ink aria-[current=page]:bg-ink aria-[current=page]:text-accent"
          >
            Dashboard
          </NavLink>
        </li>
        {menu.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className="flex min-h-11 items-center rounded-lg px-3 hover:bg-ink aria-[current=page]:bg-ink aria-[current=page]:text-accent"
              data-testid="dashboard-menu-item"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

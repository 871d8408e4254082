import { Link, NavLink } from "@remix-run/react";
import type { PublicUser } from "~/core/session-user";
import { REGIONS, regionPath } from "~/core/regions";
import { clientLazy } from "~/ui/clientLazy";
import { CloseIcon, MenuIcon } from "~/ui/icons";
import { SideMenuAccountItems as EagerSideMenuItems } from "./AccountMenu";
import { INFO_LINKS } from "./site-links";
import { useClosesOnNavigation } from "./useClosesOnNavigation";
import { ACCOUNT_PART } from "./account-parts";

// Only signed-in users see these (with Sign Out and the admin links), so visitors' pages do not ship them.
const SideMenuAccountItems = clientLazy(import.meta.env.SSR ? EagerSideMenuItems : null, () =>
  import("./AccountMenu").then((m) => m.SideMenuAccountItems),
);

const REGION_LINKS = [{ to: "/", label: "All New Zealand" }, ...REGIONS.map((r) => ({ to: regionPath(r), label: r }))];

function MenuLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return links.map((l) => (
    <li key={l.to}>
      <NavLink to={l.to} className="flex min-h-11 items-center px-2">
        {l.label}
      </NavLink>
    </li>
  ));
}

/**
 * The phone menu. A <details>, so it opens without JavaScript; with it, it also closes when the page changes.
 */
export function SideMenu({ user }: { user: PublicUser | null }) {
  const menuRef = useClosesOnNavigation();
  return (
    <details ref={menuRef} className="group md:hidden" data-testid="site-menu">
      <summary
        className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <MenuIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:block" />
      </summary>
      {/* Over the page below the header (the sticky header is its containing block), scrolling on its own. */}
      <nav
        id="side-menu"
        aria-label="Menu"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-7rem)] overflow-y-auto border-y border-line bg-ink px-3 pb-4"
      >
        <ul className="space-y-1 pt-2">
          <MenuLinks links={REGION_LINKS} />
        </ul>
        <ul className="mt-2 space-y-1 border-t border-line pt-2">
          <MenuLinks links={INFO_LINKS} />
        </ul>
        <ul className="mt-2 space-y-1 border-t border-line pt-2" {...{ [ACCOUNT_PART]: "menu" }}>
          {user ? (
            <SideMenuAccountItems user={user} />
          ) : (
            <>
              <li>
                <Link to="/login" className="flex min-h-11 items-center px-2">
                  Log in
                </Link>
              </li>
              <li>
                <Link to="/login?action=signup" className="flex min-h-11 items-center px-2 font-semibold text-accent">
                  Add Your Listing
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </details>
  );
}

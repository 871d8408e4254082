import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { PublicUser } from "~/features/accounts/auth-user";
import { REGIONS, regionPath } from "~/features/catalogue/regions";
import { INFO_LINKS } from "./site-links";
import { AccountMenu as EagerAccountMenu, SideMenuAccountItems as EagerSideMenuItems } from "./AccountMenu";
import { clientLazy } from "~/ui/clientLazy";
import { CloseIcon, HeartIcon, MenuIcon } from "~/ui/icons";
import { Logo } from "./Logo";
import { SearchBox } from "~/features/search/SearchBox";
import { useFavourites } from "~/features/likes/useFavourites";

// Only signed-in users see these (with Sign Out and the admin links), so visitors' pages do not ship them.
const AccountMenu = clientLazy(import.meta.env.SSR ? EagerAccountMenu : null, () =>
  import("./AccountMenu").then((m) => m.AccountMenu),
);
const SideMenuAccountItems = clientLazy(import.meta.env.SSR ? EagerSideMenuItems : null, () =>
  import("./AccountMenu").then((m) => m.SideMenuAccountItems),
);

const HIDE_AFTER_PX = 100;
const SCROLL_THROTTLE_MS = 10;

/** Hides the header while scrolling down past 100 px and shows it again on the way up. */
function useHideOnScroll() {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let lastRun = 0;
    const onScroll = () => {
      const now = performance.now();
      if (now - lastRun < SCROLL_THROTTLE_MS) return;
      lastRun = now;
      const y = window.scrollY;
      setHidden(y > last && y > HIDE_AFTER_PX);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}

/**
 * The phone menu is a <details>, so it opens without JavaScript; with it, it also closes when the page
 * changes. Only on a change: a menu opened before hydration stays open.
 */
function useClosesOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    ref.current?.removeAttribute("open");
  }, [location.pathname]);
  return ref;
}

export function Header({ user = null }: { user?: PublicUser | null }) {
  const hidden = useHideOnScroll();
  const { favourites } = useFavourites();
  const menuRef = useClosesOnNavigation();

  return (
    <header
      className={`sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur transition-transform duration-200 ${
        hidden ? "-translate-y-full" : "translate-y-0"
      }`}
      data-testid="site-header"
    >
      {/* Phones: the search box takes a full-width second row so it is never squeezed to nothing. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
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
              <li>
                <NavLink to="/" className="flex min-h-11 items-center px-2">
                  All New Zealand
                </NavLink>
              </li>
              {REGIONS.map((r) => (
                <li key={r}>
                  <NavLink to={regionPath(r)} className="flex min-h-11 items-center px-2">
                    {r}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="mt-2 space-y-1 border-t border-line pt-2">
              {INFO_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className="flex min-h-11 items-center px-2">
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="mt-2 space-y-1 border-t border-line pt-2">
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
                    <Link
                      to="/login?action=signup"
                      className="flex min-h-11 items-center px-2 font-semibold text-accent"
                    >
                      Add Your Listing
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </details>
        <Link to="/" className="flex shrink-0 items-center">
          <Logo />
        </Link>
        <SearchBox />
        <nav aria-label="Information" className="hidden shrink-0 gap-1 lg:flex">
          {INFO_LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className="inline-flex min-h-11 items-center px-2 text-sm text-zinc-200 hover:text-white"
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <Link
          to="/favorites"
          className="ml-auto inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-rose-400 sm:ml-0"
          aria-label={favourites.length ? `Favourites (${favourites.length})` : "Favourites"}
          data-testid="header-heart"
          data-filled={favourites.length > 0}
        >
          <HeartIcon filled={favourites.length > 0} />
        </Link>
        {user ? (
          <>
            <Link
              to="/dashboard"
              className="hidden min-h-11 shrink-0 items-center rounded-lg border border-accent px-3 text-sm font-semibold text-accent sm:inline-flex"
            >
              Dashboard
            </Link>
            <AccountMenu user={user} />
          </>
        ) : (
          <>
            <Link
              to="/login"
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold"
              data-testid="header-login"
            >
              Log in
            </Link>
            <Link
              to="/login?action=signup"
              className="hidden min-h-11 shrink-0 items-center rounded-lg border border-accent px-3 text-sm font-semibold text-accent sm:inline-flex"
            >
              Add Your Listing
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

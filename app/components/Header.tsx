import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { initialOf, type PublicUser } from "~/lib/auth-user";
import { REGIONS, regionPath } from "~/lib/regions";
import { ADMIN_LINKS } from "~/lib/admin-links";
import { CloseIcon, HeartIcon, MenuIcon } from "./icons";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";
import { useFavourites } from "./useFavourites";
import { SignOutForm } from "./auth/SignOutForm";

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
 * The signed-in user's avatar menu. A <details> opens without JavaScript; with it, the menu also
 * closes on navigation, on Escape and on a click elsewhere.
 */
function AccountMenu({ user }: { user: PublicUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) {
        menu.removeAttribute("open");
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    // Below the sm breakpoint the search field needs the room: the side menu carries Dashboard and Sign Out there.
    <details ref={ref} className="relative hidden shrink-0 sm:block" data-testid="account-menu">
      <summary
        className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full border border-accent bg-panel font-semibold text-accent"
        aria-label={`Account menu for ${user.firstName}`}
      >
        <span aria-hidden="true">{initialOf(user.firstName)}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-48 rounded-xl border border-line bg-panel p-1 shadow-2xl">
        <p className="truncate px-3 py-2 text-sm text-muted">Hi, {user.firstName}</p>
        <Link to="/dashboard" className="flex min-h-11 items-center rounded-lg px-3 hover:bg-ink">
          Dashboard
        </Link>
        {user.isAdmin
          ? ADMIN_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="flex min-h-11 items-center rounded-lg px-3 hover:bg-ink">
                {l.label}
              </Link>
            ))
          : null}
        <SignOutForm>
          <button type="submit" className="flex min-h-11 w-full items-center rounded-lg px-3 text-left hover:bg-ink">
            Sign Out
          </button>
        </SignOutForm>
      </div>
    </details>
  );
}

export function Header({ user = null }: { user?: PublicUser | null }) {
  const hidden = useHideOnScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  const { favourites } = useFavourites();
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header
      className={`sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur transition-transform duration-200 ${
        hidden ? "-translate-y-full" : "translate-y-0"
      }`}
      data-testid="site-header"
    >
      {/* Phones: the search box takes a full-width second row so it is never squeezed to nothing. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg md:hidden"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="flex shrink-0 items-center">
          <Logo />
        </Link>
        <SearchBox />
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
          <Link
            to="/login?action=signup"
            className="hidden min-h-11 shrink-0 items-center rounded-lg border border-accent px-3 text-sm font-semibold text-accent sm:inline-flex"
          >
            Add Your Listing
          </Link>
        )}
      </div>
      {menuOpen ? (
        <nav id="side-menu" aria-label="Menu" className="border-t border-line bg-ink px-3 pb-4 md:hidden">
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
            {user ? (
              <>
                <li>
                  <Link to="/dashboard" className="flex min-h-11 items-center px-2 font-semibold text-accent">
                    Dashboard
                  </Link>
                </li>
                {user.isAdmin
                  ? ADMIN_LINKS.map((l) => (
                      <li key={l.to}>
                        <Link to={l.to} className="flex min-h-11 items-center px-2">
                          {l.label}
                        </Link>
                      </li>
                    ))
                  : null}
                <li>
                  <SignOutForm>
                    <button type="submit" className="flex min-h-11 w-full items-center px-2 text-left">
                      Sign Out
                    </button>
                  </SignOutForm>
                </li>
              </>
            ) : (
              <li>
                <Link to="/login?action=signup" className="flex min-h-11 items-center px-2 font-semibold text-accent">
                  Add Your Listing
                </Link>
              </li>
            )}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

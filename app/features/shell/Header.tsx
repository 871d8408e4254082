import { Link, NavLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PublicUser } from "~/core/session-user";
import { INFO_LINKS } from "./site-links";
import { ACCOUNT_PART } from "./account-parts";
import { AccountMenu as EagerAccountMenu } from "./AccountMenu";
import { SideMenu } from "./SideMenu";
import { clientLazy } from "~/ui/clientLazy";
import { HeartIcon } from "~/ui/icons";
import { Logo } from "~/features/site/Logo";
import { SearchBox } from "~/features/search/SearchBox";
import { useFavourites } from "~/features/likes/useFavourites";

// Only signed-in users see it (with Sign Out and the admin links), so visitors' pages do not ship it.
const AccountMenu = clientLazy(import.meta.env.SSR ? EagerAccountMenu : null, () =>
  import("./AccountMenu").then((m) => m.AccountMenu),
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

const ACCOUNT_BUTTON =
  "hidden min-h-11 shrink-0 items-center rounded-lg border border-accent px-3 text-sm font-semibold text-accent sm:inline-flex";

/** The header's right end: the favourites heart, then the account's links (Dashboard and the avatar menu, or Log in). */
function HeaderActions({ user }: { user: PublicUser | null }) {
  const { favourites } = useFavourites();
  return (
    <>
      <Link
        to="/favorites"
        className="ml-auto inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-rose-400 sm:ml-0"
        aria-label={favourites.length ? `Favourites (${favourites.length})` : "Favourites"}
        data-testid="header-heart"
        data-filled={favourites.length > 0}
      >
        <HeartIcon filled={favourites.length > 0} />
      </Link>
      {/* The account's links, as one part a signed-in page made from a public copy replaces (account-parts.ts). */}
      <span className="contents" {...{ [ACCOUNT_PART]: "header" }}>
        {user ? (
          <>
            {/* From the sm breakpoint: a phone's row has no room for it beside the avatar menu, whose first item
              it is (docs/decisions/0049-departures-recorded-after-the-second-audit.md). */}
            <Link to="/dashboard" className={ACCOUNT_BUTTON}>
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
            <Link to="/login?action=signup" className={ACCOUNT_BUTTON}>
              Add Your Listing
            </Link>
          </>
        )}
      </span>
    </>
  );
}

export function Header({ user = null }: { user?: PublicUser | null }) {
  const hidden = useHideOnScroll();
  return (
    <header
      className={`sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur transition-transform duration-200 ${
        hidden ? "-translate-y-full" : "translate-y-0"
      }`}
      data-testid="site-header"
      data-sticky-top="site"
    >
      {/* Phones: the search box takes a full-width second row so it is never squeezed to nothing. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
        <SideMenu user={user} />
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
        <HeaderActions user={user} />
      </div>
    </header>
  );
}

import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ADMIN_LINKS } from "~/features/moderation/admin-links";
import { initialOf, type PublicUser } from "~/features/accounts/auth-user";
import { SignOutForm } from "~/features/accounts/SignOutForm";

/**
 * The signed-in user's avatar menu. A <details> opens without JavaScript; with it, the menu also
 * closes on navigation, on Escape and on a click elsewhere.
 */
export function AccountMenu({ user }: { user: PublicUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closed when the page changes, not when this component arrives: it loads after hydration (clientLazy),
  // and a menu opened before then (it works as plain HTML) must stay open.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
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
      <summary className="account-button" aria-label={`Account menu for ${user.firstName}`}>
        <span aria-hidden="true">{initialOf(user.firstName)}</span>
      </summary>
      <div className="account-panel">
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

/** The signed-in user's entries at the foot of the phone menu. */
export function SideMenuAccountItems({ user }: { user: PublicUser }) {
  return (
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
  );
}

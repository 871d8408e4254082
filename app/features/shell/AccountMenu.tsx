import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { ADMIN_LINKS } from "~/features/moderation/admin-links";
import { initialOf } from "~/core/session-user";
import type { PublicUser } from "~/core/session-user";
import { SignOutForm } from "~/features/accounts/SignOutForm";
import { useClosesOnNavigation } from "./useClosesOnNavigation";

/**
 * The signed-in user's avatar menu. A <details> opens without JavaScript; with it, the menu also
 * closes on navigation, on Escape and on a click elsewhere.
 */
export function AccountMenu({ user }: { user: PublicUser }) {
  // It loads after hydration (clientLazy): a menu opened before then (it works as plain HTML) stays open.
  const ref = useClosesOnNavigation();
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
  }, [ref]);
  return (
    // At every width (spec: the signed-in header has the avatar menu); below sm the search box has a row of its own.
    <details ref={ref} className="relative shrink-0" data-testid="account-menu">
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

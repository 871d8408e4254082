import { Link } from "@remix-run/react";
import { DASHBOARD_LINK, INFO_LINKS, SIGNED_OUT_LINKS } from "./site-links";
import { Logo } from "~/features/site/Logo";
import { ACCOUNT_PART } from "./account-parts";

const FOOTER_LINK = "inline-flex min-h-11 items-center hover:text-white";

// No 'Follow Us' links: the site has no social accounts, and links to the networks' home pages only looked
// like ones (docs/decisions/0028-nothing-wider-than-the-phone.md).
export function Footer({ year, signedIn = false }: { year: number; signedIn?: boolean }) {
  return (
    <footer className="mt-12 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-8 sm:grid-cols-2 sm:px-6">
        <div className="space-y-2">
          <Link to="/">
            <Logo />
          </Link>
          <p className="text-sm text-muted">Adults 18+ only. Listings are posted by the advertisers themselves.</p>
        </div>
        <nav aria-label="Site" className="sm:justify-self-end" data-testid="footer-links">
          <ul className="grid grid-cols-2 gap-x-6 text-sm text-zinc-200" {...{ [ACCOUNT_PART]: "footer" }}>
            {[...INFO_LINKS, ...(signedIn ? [DASHBOARD_LINK] : SIGNED_OUT_LINKS)].map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={FOOTER_LINK}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-4 text-sm text-muted sm:px-6">
          <p>© {year} Kiwi Companions. All rights reserved.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/terms" className={FOOTER_LINK}>
              Terms
            </Link>
            <Link to="/privacy" className={FOOTER_LINK}>
              Privacy
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}

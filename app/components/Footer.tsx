import { Link } from "@remix-run/react";
import { FacebookIcon, InstagramIcon, XIcon } from "./icons";
import { Logo } from "./Logo";

export function Footer({ year }: { year: number }) {
  return (
    <footer className="mt-12 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-8 sm:grid-cols-2 sm:px-6">
        <div className="space-y-2">
          <Link to="/">
            <Logo />
          </Link>
          <p className="text-sm text-muted">Adults 18+ only. Listings are posted by the advertisers themselves.</p>
        </div>
        <div className="space-y-2 sm:justify-self-end">
          <h2 className="text-sm font-semibold">Follow Us</h2>
          <div className="flex gap-2">
            <a
              className="social-link"
              href="https://www.instagram.com/"
              rel="noopener noreferrer"
              target="_blank"
              aria-label="Instagram"
            >
              <InstagramIcon />
            </a>
            <a
              className="social-link"
              href="https://x.com/"
              rel="noopener noreferrer"
              target="_blank"
              aria-label="X (Twitter)"
            >
              <XIcon />
            </a>
            <a
              className="social-link"
              href="https://www.facebook.com/"
              rel="noopener noreferrer"
              target="_blank"
              aria-label="Facebook"
            >
              <FacebookIcon />
            </a>
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-4 text-sm text-muted sm:px-6">
          <p>© {year} Kiwi Companions. All rights reserved.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/terms" className="inline-flex min-h-11 items-center hover:text-white">
              Terms
            </Link>
            <Link to="/privacy" className="inline-flex min-h-11 items-center hover:text-white">
              Privacy
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}

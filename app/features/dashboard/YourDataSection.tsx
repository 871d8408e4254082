// /managesub's 'Your data': the way to the download of everything the site holds about the account
// (the file is built by data-export.server.ts).
import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/Button";

export function YourDataSection() {
  return (
    <section aria-labelledby="your-data-title" className="space-y-4 rounded-2xl border border-line bg-panel p-6">
      <h2 id="your-data-title" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="text-zinc-300">
        One file with your account details, every listing with its photos and stats, and your security log.
      </p>
      <Link to="/account/your-data" className={buttonClass({ variant: "secondary" })} data-testid="your-data-link">
        Download my data
      </Link>
    </section>
  );
}

// /managesub's 'Your data': the way to the download of everything the site holds about the account
// (the file is built by data-export.server.ts).
import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";

export function YourDataSection() {
  return (
    <SettingsSection id="your-data-title" title="Your data">
      <p className="text-zinc-300">
        One file with your account details, every listing with its photos and stats, and your security log.
      </p>
      <Link to="/account/your-data" className={buttonClass({ variant: "secondary" })} data-testid="your-data-link">
        Download my data
      </Link>
    </SettingsSection>
  );
}

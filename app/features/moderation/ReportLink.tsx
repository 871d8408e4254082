import { Link } from "@remix-run/react";

/** 'Report' on a public profile: opens the report form for this listing (works without JavaScript). */
export function ReportLink({ listingId, name }: { listingId: string; name: string }) {
  return (
    <Link
      to={`/report/${listingId}`}
      className="inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm text-zinc-300 hover:bg-panel"
      aria-label={`Report ${name}`}
      rel="nofollow"
      data-testid="report-link"
    >
      Report
    </Link>
  );
}

import { Form, useNavigate } from "@remix-run/react";
import { countsIncludeTouring, REGIONS, regionPath, TOURING_COUNTS_NOTE } from "~/core/regions";
import type { Region } from "~/core/regions";
import { useInAppLinks } from "~/ui/useInAppLinks";

type Props = { current: Region | null; counts: Record<Region, number>; total: number; search: string };

/** A dropdown below 768 px, a count bar from 768 px up. Both keep the current filters. */
export function RegionSelector({ current, counts, total, search }: Props) {
  const navigate = useNavigate();
  const followLink = useInAppLinks();
  const item = (to: string, label: string, count: number, selected: boolean) => (
    <li key={label}>
      <a
        aria-current={selected ? "page" : undefined}
        className={selected ? "region-link region-on" : "region-link"}
        data-discover="true"
        href={`${to}${search}`}
      >
        {label}
        <span className="region-count">{count}</span>
      </a>
    </li>
  );
  return (
    <nav aria-label="Regions">
      <Form method="get" action="/locations" className="flex gap-2 md:hidden" data-testid="region-dropdown">
        <label htmlFor="region-select" className="sr-only">
          Region
        </label>
        <select
          id="region-select"
          name="region"
          defaultValue={current ?? ""}
          key={current ?? "all"}
          onChange={(e) => navigate(`${e.target.value ? regionPath(e.target.value as Region) : "/"}${search}`)}
          className="min-h-11 w-full rounded-lg border border-line bg-panel px-3 text-base text-white"
        >
          <option value="">All New Zealand ({total})</option>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r} ({counts[r]})
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="min-h-11 rounded-lg bg-accent px-4 font-semibold text-ink">
            Go
          </button>
        </noscript>
      </Form>
      {/* Plain links, each followed in the app by the list's one handler (useInAppLinks). */}
      <ul className="hidden gap-1 overflow-x-auto md:flex" data-testid="region-bar" onClick={followLink}>
        {item("/", "All New Zealand", total, current == null)}
        {REGIONS.map((r) => item(regionPath(r), r, counts[r], current === r))}
      </ul>
      {countsIncludeTouring(counts, total) ? (
        <p className="mt-1 text-xs text-muted" data-testid="touring-counts-note">
          {TOURING_COUNTS_NOTE}
        </p>
      ) : null}
    </nav>
  );
}

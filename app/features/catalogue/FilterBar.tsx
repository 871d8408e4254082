import {
  AGE_RANGES,
  DISPLAY_MODES,
  HEIGHT_RANGES,
  isActive,
  toggleFilter,
  VERIFIED_NOTE,
  VERIFIED_TITLE,
} from "./filters";
import type { Filters } from "./filters";
import type { FilterOptions } from "./listings-view";
import { FilterIcon } from "~/ui/icons";
import { useInAppLinks } from "~/ui/useInAppLinks";

type Param = Parameters<typeof toggleFilter>[1];

/** The filtered view's count line, where a chip's link lands. */
const RESULTS_ID = "results";

/** '3 listings · Clear filters': announced when it changes, and the place a chip's link scrolls to. */
function FilterCount({ count, pathname }: { count: number; pathname: string }) {
  return (
    <p id={RESULTS_ID} className="scroll-mt-4 text-sm" role="status" data-testid="filter-count">
      <span className="font-semibold">
        {count.toLocaleString("en-NZ")} {count === 1 ? "listing" : "listings"}
      </span>
      <span aria-hidden="true"> · </span>
      <a className="inline-flex min-h-11 items-center text-accent underline underline-offset-2" href={pathname}>
        Clear filters
      </a>
    </p>
  );
}

function Chip({
  filters,
  param,
  value,
  label,
  pathname,
  title,
}: {
  filters: Filters;
  param: Param;
  value: string;
  label: string;
  pathname: string;
  /** What the option filters, where its label alone does not say. */
  title?: string;
}) {
  const active = isActive(filters, param, value);
  // A plain link (the bar has up to forty): FilterBar's one handler navigates in the app (useInAppLinks).
  return (
    <a
      aria-current={active ? "true" : undefined}
      className={active ? "chip chip-on" : "chip"}
      data-discover="true"
      // To the results: the page opens at the count and the first cards, not back at the top.
      href={`${pathname}${toggleFilter(filters, param, value)}#${RESULTS_ID}`}
      title={title}
    >
      {label}
    </a>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="filter-legend">{title}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

/**
 * 'Refine' bar. Every option is a link to the filtered URL, so it works without JavaScript;
 * only options with at least one live listing are offered.
 */
export function FilterBar({
  filters,
  options,
  pathname,
  count,
}: {
  filters: Filters;
  options: FilterOptions;
  pathname: string;
  /** Every listing the filters match; null when no filter is on. */
  count: number | null;
}) {
  const chip = (param: Param, value: string, label: string, title?: string) => (
    <Chip
      key={`${param}:${value}`}
      filters={filters}
      param={param}
      value={value}
      label={label}
      pathname={pathname}
      title={title}
    />
  );
  const hasMore = options.age.length + options.height.length + options.nationality.length + options.bodyType.length > 0;
  const openByDefault = Boolean(filters.age || filters.height || filters.nationality || filters.bodyType);
  const followLink = useInAppLinks(true);
  return (
    <section
      aria-labelledby="refine-heading"
      className="space-y-3 rounded-xl border border-line bg-panel/60 p-3"
      onClick={followLink}
    >
      {/* One row on a phone, scrolled sideways, so the cards start higher; wrapped from 640 px up. */}
      <div className="-mx-3 flex items-center gap-2 overflow-x-auto px-3 sm:mx-0 sm:flex-wrap sm:px-0">
        <h2 id="refine-heading" className="mr-1 flex shrink-0 items-center gap-1 text-sm font-semibold">
          <FilterIcon className="h-4 w-4" /> Refine
        </h2>
        {DISPLAY_MODES.map((m) => chip("show", m.value, m.label, m.value === "verified" ? VERIFIED_TITLE : undefined))}
        {chip("available", "today", "Available today")}
        {options.verifiedPhotos > 0 || filters.verifiedPhotos
          ? chip("photos", "verified", `Verified photos (${options.verifiedPhotos})`)
          : null}
      </div>
      {filters.show === "verified" ? (
        <p className="text-xs text-muted" data-testid="verified-note">
          {VERIFIED_NOTE}
        </p>
      ) : null}
      {hasMore ? (
        <details open={openByDefault} className="group">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full border border-line px-4 text-sm text-accent">
            <span className="when-closed">All Filters</span>
            <span className="when-open">Show Less</span>
          </summary>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {options.age.length ? (
              <Group title="Age">
                {AGE_RANGES.filter((r) => options.age.includes(r.value)).map((r) => chip("age", r.value, r.label))}
              </Group>
            ) : null}
            {options.height.length ? (
              <Group title="Height">
                {HEIGHT_RANGES.filter((r) => options.height.includes(r.value)).map((r) =>
                  chip("height", r.value, r.label),
                )}
              </Group>
            ) : null}
            {options.nationality.length ? (
              <Group title="Nationality">{options.nationality.map((n) => chip("nationality", n, n))}</Group>
            ) : null}
            {options.bodyType.length ? (
              <Group title="Body type">{options.bodyType.map((b) => chip("body", b, b))}</Group>
            ) : null}
          </div>
        </details>
      ) : null}
      {count != null ? <FilterCount count={count} pathname={pathname} /> : null}
    </section>
  );
}

import type { ReactNode } from "react";
import { splitList } from "~/core/profile";
import type { Profile } from "~/core/profile";
import { nzDate } from "~/platform/time/nz-time";
import { upcomingStops } from "~/core/tour-stops";
import { hasSchedule } from "~/core/weekly-schedule";
import { hasPrices, PriceLists } from "./PriceLists";
import { TourList } from "./TourStops";
import { WeeklyHours } from "./WeeklyHours";

/** Field names the editor preview can highlight after a change. */
export type HighlightField = keyof Profile | "rates" | "images" | null;

export function highlightClass(field: HighlightField, ...names: string[]) {
  return field && names.includes(field) ? "ring-2 ring-accent ring-offset-2 ring-offset-ink transition-shadow" : "";
}

function Section({
  title,
  children,
  className = "",
  testId,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`space-y-3 rounded-xl border border-line bg-panel/60 p-4 ${className}`} data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((s) => (
        <li key={s} className="rounded-full border border-line px-3 py-1 text-sm text-zinc-200">
          {s}
        </li>
      ))}
    </ul>
  );
}

function ChipSection({
  title,
  items,
  testId,
  className,
}: {
  title: string;
  items: string[];
  testId: string;
  className: string;
}) {
  return items.length ? (
    <Section title={title} className={className} testId={testId}>
      <Chips items={items} />
    </Section>
  ) : null;
}

/** The 'Profile' facts (age, body, place of service …), each highlightable in the editor's preview. */
function FactsSection({
  profile,
  highlight,
  showsHours,
}: {
  profile: Profile;
  highlight: HighlightField;
  showsHours: boolean;
}) {
  const facts: [string, string | number | null, string][] = [
    ["Age", profile.age, "age"],
    ["Nationality", profile.nationality, "nationality"],
    ["Body type", profile.bodyType, "bodyType"],
    ["Height", profile.height ? `${profile.height} cm` : null, "height"],
    ["Weight", profile.weight ? `${profile.weight} kg` : null, "weight"],
    ["Bust", profile.bust, "bust"],
    ["Dress size", profile.dressSize, "dressSize"],
    ["Eye colour", profile.eyeColour, "eyeColour"],
    ["Hair colour", profile.hairColour, "hairColour"],
    ["Place of service", profile.calls, "calls"],
    // With weekly hours, the free-text availability is their note (under the table), not a fact of its own.
    ["Availability", showsHours ? null : profile.availability, "availability"],
  ];
  const shownFacts = facts.filter(([, v]) => v != null && v !== "");
  if (!shownFacts.length) return null;
  return (
    <Section title="Profile" testId="facts">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {shownFacts.map(([label, value, field]) => (
          <div key={label} className={`rounded ${highlightClass(highlight, field)}`}>
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function ProfileSections({
  profile,
  highlight = null,
  now,
}: {
  profile: Profile;
  highlight?: HighlightField;
  /** When the page was made: what 'Available today' is measured against. */
  now: number;
}) {
  // Weekly hours, or an agency's roster shifts without them (docs/decisions/0060-agency-roster.md).
  const showsHours = Boolean(profile.schedule && (hasSchedule(profile.schedule) || profile.shifts?.length));
  // The three free-text lists, each shown as chips and highlighted under its own field name.
  const chips = (title: string, field: "services" | "interests" | "favorites", testId: string) => (
    <ChipSection
      title={title}
      items={splitList(profile[field])}
      testId={testId}
      className={highlightClass(highlight, field)}
    />
  );
  return (
    <div className="space-y-4">
      {profile.description ? (
        <Section title="About Me" className={highlightClass(highlight, "description")} testId="about">
          <p className="whitespace-pre-line text-zinc-200">{profile.description}</p>
        </Section>
      ) : null}
      {chips("Services", "services", "services")}
      <FactsSection profile={profile} highlight={highlight} showsHours={showsHours} />
      {showsHours && profile.schedule ? (
        <Section title="Hours" className={highlightClass(highlight, "schedule")} testId="hours">
          <WeeklyHours schedule={profile.schedule} now={now} note={profile.availability} shifts={profile.shifts} />
        </Section>
      ) : null}
      {upcomingStops(profile.tours ?? [], nzDate(now)).length ? (
        <Section title="On tour" className={highlightClass(highlight, "tours")} testId="tours">
          <TourList tours={profile.tours} now={now} />
        </Section>
      ) : null}
      {chips("Interests", "interests", "interests")}
      {chips("Favourite Things", "favorites", "favourite-things")}
      {hasPrices(profile) ? (
        <Section title="Prices" className={highlightClass(highlight, "rates", "specialRates")} testId="prices">
          <PriceLists profile={profile} />
        </Section>
      ) : null}
    </div>
  );
}

import { specialRateDuration } from "~/features/listings/special-rate-duration";
import type { ReactNode } from "react";
import { formatDollarAmount } from "~/platform/money";
import { RATE_LABELS, splitList, type Profile } from "./profile";
import { nzDate } from "~/platform/time/nz-time";
import { upcomingStops } from "~/features/listings/tour-stops";
import { hasSchedule } from "~/features/listings/weekly-schedule";
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
  const services = splitList(profile.services);
  const interests = splitList(profile.interests);
  const favourites = splitList(profile.favorites);
  const showsHours = Boolean(profile.schedule && hasSchedule(profile.schedule));
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
  const incall = profile.rates.filter((r) => r.call_type === "incall");
  const outcall = profile.rates.filter((r) => r.call_type === "outcall");
  const rateTable = (title: string, rates: typeof incall, testId: string) => (
    <div data-testid={testId}>
      <h3 className="mb-2 font-semibold text-accent">{title}</h3>
      <table className="w-full text-sm">
        <tbody>
          {rates.map((r) => (
            <tr key={r.id} className="border-t border-line">
              <th scope="row" className="py-2 text-left font-normal text-zinc-300">
                {RATE_LABELS[r.duration] ?? r.duration}
                {r.description ? <span className="block text-xs text-muted">{r.description}</span> : null}
              </th>
              <td className="py-2 text-right font-semibold">{formatDollarAmount(r.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <div className="space-y-4">
      {profile.description ? (
        <Section title="About Me" className={highlightClass(highlight, "description")} testId="about">
          <p className="whitespace-pre-line text-zinc-200">{profile.description}</p>
        </Section>
      ) : null}
      {services.length ? (
        <Section title="Services" className={highlightClass(highlight, "services")} testId="services">
          <Chips items={services} />
        </Section>
      ) : null}
      {shownFacts.length ? (
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
      ) : null}
      {showsHours && profile.schedule ? (
        <Section title="Hours" className={highlightClass(highlight, "schedule")} testId="hours">
          <WeeklyHours schedule={profile.schedule} now={now} note={profile.availability} />
        </Section>
      ) : null}
      {upcomingStops(profile.tours ?? [], nzDate(now)).length ? (
        <Section title="On tour" className={highlightClass(highlight, "tours")} testId="tours">
          <TourList tours={profile.tours} now={now} />
        </Section>
      ) : null}
      {interests.length ? (
        <Section title="Interests" className={highlightClass(highlight, "interests")} testId="interests">
          <Chips items={interests} />
        </Section>
      ) : null}
      {favourites.length ? (
        <Section title="Favourite Things" className={highlightClass(highlight, "favorites")} testId="favourite-things">
          <Chips items={favourites} />
        </Section>
      ) : null}
      {incall.length || outcall.length || profile.specialRates.length ? (
        <Section title="Prices" className={highlightClass(highlight, "rates", "specialRates")} testId="prices">
          <div className="grid gap-4 sm:grid-cols-2">
            {incall.length ? rateTable("Incall", incall, "incall-rates") : null}
            {outcall.length ? rateTable("Outcall", outcall, "outcall-rates") : null}
          </div>
          {profile.specialRates.length ? (
            <div data-testid="special-rates">
              <h3 className="mb-2 font-semibold text-accent">Packages and special rates</h3>
              <ul className="space-y-2 text-sm">
                {profile.specialRates.map((s) => (
                  <li key={s.id} className="flex justify-between gap-4 border-t border-line pt-2">
                    <span>
                      {s.serviceName}
                      {s.duration ? <span className="text-muted"> · {specialRateDuration(s.duration)}</span> : null}
                      {s.description ? <span className="block text-xs text-muted">{s.description}</span> : null}
                    </span>
                    <span className="font-semibold">{formatDollarAmount(s.rate)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

// /managesub's 'Account security': what happened to the account lately, one card per entry.
import { SettingsSection } from "~/ui/SettingsSection";
import { SECURITY_LOG_RETENTION_DAYS } from "~/features/site/retention";

export type SecurityEventView = {
  id: string;
  /** New Zealand time, worded. */
  when: string;
  /** ISO, for the time element. */
  at: string;
  event: string;
  place: string | null;
  device: string | null;
};

export function SecurityLogSection({ events }: { events: SecurityEventView[] }) {
  return (
    <SettingsSection
      id="security-title"
      title="Account security"
      testId="security-log"
      intro={
        <>
          Sign-ins, failed sign-ins, changes to your password, e-mail address, two-factor sign-in and passkeys,
          signed-out sessions, password resets and deletions on your account in the last {SECURITY_LOG_RETENTION_DAYS}{" "}
          days, in New Zealand time. If one was not you, reset your password.
        </>
      }
    >
      {events.length === 0 ? (
        <p className="text-muted">Nothing recorded yet.</p>
      ) : (
        // One card per entry: a table of four columns was wider than a phone.
        <ol className="space-y-2" data-testid="security-events">
          {events.map((e) => (
            <li
              key={e.id}
              className="space-y-1 rounded-xl border border-line bg-ink/60 p-3 text-sm break-words"
              data-testid="security-event"
            >
              <p className="font-medium text-white">{e.event}</p>
              <p className="text-zinc-300">
                <time dateTime={e.at}>{e.when}</time>
              </p>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-muted">
                <dt>Where (approximate):</dt>
                <dd>{e.place || "Unknown"}</dd>
                <dt>Device:</dt>
                <dd>{e.device || "Unknown"}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </SettingsSection>
  );
}

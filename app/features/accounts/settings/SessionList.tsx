// The owner's signed-in devices on /managesub, each with its own Sign out, and one button for every other
// session. Plain form posts: it all works without JavaScript.
import { Form } from "@remix-run/react";
import { FIELD } from "./account-settings";
import type { SessionView } from "./account-settings";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";

export function SessionList({
  sessions,
  error,
  busy,
}: {
  sessions: readonly SessionView[];
  error?: string | null;
  busy: boolean;
}) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <SettingsSection
      id="sessions-title"
      title="Where you are signed in"
      testId="session-list"
      intro="Devices signed in to your account, in New Zealand time; places are approximate. Sign out any you do not recognise, then change your password."
    >
      <Alert tone="error" data-testid="session-error">
        {error}
      </Alert>
      <ul className="divide-y divide-line">
        {sessions.map((s) => (
          <li key={s.publicId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
            <div className="space-y-1">
              <p className="font-medium">
                {s.device || "Unknown device"}
                {s.current ? (
                  <span
                    className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-ink"
                    data-testid="this-device"
                  >
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-zinc-300">{s.place || "Unknown place"}</p>
              <p className="text-sm text-zinc-400">
                Signed in <time dateTime={s.startedAt}>{s.started}</time> · last seen{" "}
                <time dateTime={s.lastSeenAt}>{s.lastSeen}</time>
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revokeSession" />
                <input type="hidden" name={FIELD.session} value={s.publicId} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Sign out ${s.device || "unknown device"}, last seen ${s.lastSeen}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="revokeOtherSessions" />
          <Button type="submit" variant="danger" disabled={busy}>
            Sign out all other sessions
          </Button>
        </Form>
      ) : (
        <p className="text-muted">This is the only device signed in.</p>
      )}
    </SettingsSection>
  );
}

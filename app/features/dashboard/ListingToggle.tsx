import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorList } from "~/ui/ErrorList";
import { useHydrated } from "~/ui/useHydrated";

export type ToggleActionData = { ok: true; listingId: string } | { ok?: false; error: string; listingId?: string };

type Props = {
  listingId: string;
  firstName: string;
  flag: "active" | "live";
  label: string;
  /** The state the server last confirmed. */
  on: boolean;
  enabled: boolean;
  /** Explains the state or why the switch is off limits; read out with the button. */
  hint: string;
};

/**
 * One switch (Active Now or Live) as a form, so it works without JavaScript (a POST to /dashboard and a
 * redirect back). With JavaScript it is a fetcher: the switch flips at once to the state asked for, the
 * server's answer confirms it, and a refusal puts it back (the form data is dropped and the dashboard
 * reloads from the server) with the reason shown.
 */
export function ListingToggle({ listingId, firstName, flag, label, on, enabled, hint }: Props) {
  // A stable key per listing and switch: the pending state survives re-renders and revalidation.
  const fetcher = useFetcher<ToggleActionData>({ key: `${flag}:${listingId}` });
  // `revalidate` is the router's own function, stable across renders, unlike the object around it.
  const { revalidate } = useRevalidator();
  const hydrated = useHydrated();
  const pendingValue = fetcher.formData?.get("value");
  const shown = pendingValue == null ? on : pendingValue === "true";
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;

  useEffect(() => {
    // Spec §8: after a failed toggle the data is reloaded, so the page shows what the server holds.
    if (error) revalidate();
    // fetcher.data changes identity with every answer, so a second refusal reloads again.
  }, [error, fetcher.data, revalidate]);

  const hintId = `${flag}-hint-${listingId}`;
  const errorId = `${flag}-error-${listingId}`;
  return (
    <fetcher.Form method="post" action="/dashboard" className="min-w-0">
      <input type="hidden" name="intent" value={flag} />
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="value" value={String(!shown)} />
      {/* Present only with JavaScript: the action then answers data instead of redirecting. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        // Says the switch is still on its way (a tap now is not taken: see onClick), to a screen reader and
        // by its look.
        aria-busy={busy || undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-label={`${label} for ${firstName}`}
        disabled={!enabled}
        onClick={(e) => {
          // One request at a time: a second click while the first is on its way would race it.
          if (busy) e.preventDefault();
        }}
        data-testid={`toggle-${flag}`}
        className="group inline-flex min-h-11 items-center gap-3 rounded-lg pr-2 text-left aria-busy:cursor-progress aria-busy:opacity-75 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-7 w-12 shrink-0 rounded-full border transition-colors ${
            shown ? "border-emerald-400 bg-emerald-600" : "border-zinc-500 bg-zinc-700"
          }`}
        >
          <span
            className={`absolute top-0.5 h-5.5 w-5.5 rounded-full bg-white shadow transition-transform ${
              shown ? "translate-x-[1.35rem]" : "translate-x-0.5"
            }`}
          />
        </span>
        <span className="font-medium">{label}</span>
      </button>
      <p id={hintId} className="mt-0.5 text-xs text-muted" suppressHydrationWarning>
        {hint}
      </p>
      <ErrorList id={errorId} errors={error ? [error] : null} className="mt-1" />
    </fetcher.Form>
  );
}

// One request in the provider's inbox: what was asked, the Safety Net's answer as the number check gives it,
// the number while the request is open, and the answers. Every form is a plain post (works without JavaScript).
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CheckMatches } from "~/features/safety-net/CheckMatches";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { STATUS_LABEL } from "../views";
import type { InboxRequestView, InboxResult, ScreenView } from "../views";

const STATUS_STYLE = {
  new: "border-accent text-accent",
  accepted: "border-emerald-400 text-emerald-200",
  declined: "border-zinc-500 text-zinc-300",
  suggested: "border-amber-400 text-amber-100",
} as const;

function Screening({ screen }: { screen: ScreenView }) {
  if (!screen.checked)
    return (
      <p className="text-sm text-muted" data-testid="screen-not-checked">
        {screen.why === "no-access"
          ? "Not checked against the Safety Net: it is for providers whose ID is verified and whose listing is on."
          : "Not checked against the Safety Net: it was not available when this came in."}
      </p>
    );
  return (
    <Alert tone={screen.matches.length === 0 ? "success" : "warning"} role="note" data-testid="screen-result">
      <p className="text-sm">Safety Net check of this number:</p>
      <CheckMatches matches={screen.matches} />
    </Alert>
  );
}

function SignWithSite({ id, siteName }: { id: string; siteName: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm" htmlFor={id}>
      <input id={id} type="checkbox" name="site" className="h-5 w-5 accent-accent" />
      Say it is from {siteName} (the text names only you otherwise)
    </label>
  );
}

function Hidden({ intent, id }: { intent: string; id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={id} />
    </>
  );
}

function Disclosure({ summary, children, testId }: { summary: string; children: ReactNode; testId: string }) {
  return (
    <details className="rounded-lg border border-line p-3" data-testid={testId}>
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{summary}</summary>
      <div className="mt-3 space-y-3">{children}</div>
    </details>
  );
}

function Answers({ r, siteName, smsReady }: { r: InboxRequestView; siteName: string; smsReady: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-3">
      {!smsReady ? (
        <p className="text-sm text-amber-100">Texts cannot be sent right now, so accepting or suggesting waits.</p>
      ) : null}
      <Form method="post" className="space-y-2">
        <Hidden intent="accept" id={r.id} />
        <SignWithSite id={`site-accept-${r.id}`} siteName={siteName} />
        <Button type="submit" busy={busy} block>
          Accept
        </Button>
      </Form>
      <Disclosure summary="Suggest another time" testId="suggest">
        <Form method="post" className="space-y-3">
          <Hidden intent="suggest" id={r.id} />
          <div className="grid grid-cols-2 gap-3">
            <label className="space-y-1">
              <span className="block text-sm font-medium">Date</span>
              <input
                type="date"
                name="date"
                required
                className="min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-base"
              />
            </label>
            <label className="space-y-1">
              <span className="block text-sm font-medium">Time</span>
              <input
                type="time"
                name="time"
                step={900}
                required
                className="min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-base"
              />
            </label>
          </div>
          <SignWithSite id={`site-suggest-${r.id}`} siteName={siteName} />
          <Button type="submit" variant="secondary" busy={busy} block>
            Send this time
          </Button>
        </Form>
      </Disclosure>
      <Disclosure summary="Decline" testId="decline">
        <Form method="post" className="space-y-2">
          <Hidden intent="decline" id={r.id} />
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="text" value="none" defaultChecked className="h-5 w-5 accent-accent" />
            Send nothing
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="text" value="neutral" className="h-5 w-5 accent-accent" />
            Send a short, neutral text (&ldquo;Sorry, that time is not possible&rdquo;)
          </label>
          <SignWithSite id={`site-decline-${r.id}`} siteName={siteName} />
          <Button type="submit" variant="secondary" busy={busy} block>
            Decline
          </Button>
        </Form>
      </Disclosure>
    </div>
  );
}

export function InboxRequest({
  r,
  siteName,
  smsReady,
  result,
  showListing,
}: {
  r: InboxRequestView;
  siteName: string;
  smsReady: boolean;
  result: InboxResult | undefined;
  showListing: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const mine = result && result.requestId === r.id ? result : undefined;
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-panel p-4" data-testid="booking-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold break-words">
          {r.name}
          {showListing ? <span className="font-normal text-muted"> for {r.listingName}</span> : null}
        </h3>
        <span className={`rounded-full border px-2 py-0.5 text-sm ${STATUS_STYLE[r.status]}`} data-testid="status">
          {r.blocked ? "Blocked" : STATUS_LABEL[r.status]}
        </span>
      </div>
      <p>
        <strong>{r.when}</strong>, {r.length.toLowerCase()}. {r.place === "incall" ? "Incall" : "Outcall"}
        {r.suburb ? `, ${r.suburb}` : ""}.
      </p>
      {r.suggestedWhen ? <p className="text-sm">You suggested {r.suggestedWhen}.</p> : null}
      {r.message ? <p className="whitespace-pre-wrap break-words text-zinc-200">{r.message}</p> : null}
      {r.number && r.numberE164 ? (
        <p>
          Number:{" "}
          <a href={`sms:${r.numberE164}`} className="text-accent underline underline-offset-2" data-testid="number">
            {r.number}
          </a>
        </p>
      ) : null}
      <Screening screen={r.screen} />
      {mine ? (
        <Alert tone={mine.ok ? "success" : "error"} reveal={mine} data-testid="request-answer">
          {mine.ok ? mine.message : mine.error}
        </Alert>
      ) : null}
      {r.decidable ? <Answers r={r} siteName={siteName} smsReady={smsReady} /> : null}
      {!r.blocked ? (
        <Form method="post">
          <Hidden intent="block" id={r.id} />
          <Button type="submit" variant="danger" busy={busy} block>
            Block this number
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

// The worker's page behind her consent link (docs/decisions/0058-worker-consent-and-agency-checks.md): exactly
// what would be published, in the form visitors would see it, and her choice. Everything she decides is
// through this one page; she needs no account and gives no reason.
import { Form } from "@remix-run/react";
import { useState } from "react";
import type { Profile } from "~/core/profile";
import { ProfileView } from "~/features/profile/ProfileView";
import type { ConsentState } from "~/features/listings/consent";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";

export type ConsentPageData = {
  state: ConsentState;
  askReason: "first" | "name" | "photos";
  agencyName: string;
  seen: number;
  proposedOnAgencyPage: boolean;
  onAgencyPage: boolean;
  live: boolean;
  profile: Profile;
  now: number;
};

const STATE_LINE: Record<ConsentState, string> = {
  asked: "You have not decided yet. Nothing is published until you agree.",
  agreed: "You agreed. You can withdraw at any time on this page: the listing is then hidden at once.",
  declined: "You declined. Nothing is published. You can still agree below if you change your mind.",
  withdrawn: "You withdrew your consent. The listing is hidden. You can agree again below if you change your mind.",
};

const AGAIN: Record<"name" | "photos", string> = {
  name: "The listing's name changed since you agreed, so it is hidden until you agree again.",
  photos: "Most of the listing's photos are new since you agreed, so it is hidden until you agree again.",
};

function regionsOf(profile: Profile): string {
  const home = [profile.location, profile.suburb].filter(Boolean).join(", ");
  const tours = (profile.tours ?? []).map((t) => t.region).filter((r) => r !== profile.location);
  return [home, ...new Set(tours)].filter(Boolean).join("; ");
}

export function ConsentPage({
  data,
  error,
  busy,
}: {
  data: ConsentPageData;
  error?: string | null;
  busy: "agree" | "decline" | "withdraw" | null;
}) {
  const { profile } = data;
  const [showOnAgencyPage, setShowOnAgencyPage] = useState(
    data.state === "agreed" ? data.onAgencyPage : data.proposedOnAgencyPage,
  );
  const shownPhotos = profile.images.filter((i) => !i.hidden).length;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-3 py-6 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Do you agree to this listing?</h1>
        <p className="text-zinc-300">
          {data.agencyName} wants to publish the listing below about you. It is published only if you agree, and you can
          withdraw at any time with this same link.
        </p>
      </header>
      <Alert tone="error">{error}</Alert>
      <section
        aria-labelledby="consent-state"
        className="space-y-2 rounded-lg border border-line p-4"
        data-testid="consent-state"
        data-state={data.state}
      >
        <h2 id="consent-state" className="font-semibold">
          Where things stand
        </h2>
        {data.state === "asked" && data.askReason !== "first" ? <p>{AGAIN[data.askReason]}</p> : null}
        <p>{STATE_LINE[data.state]}</p>
      </section>
      <section aria-labelledby="consent-summary" className="space-y-2 rounded-lg border border-line p-4">
        <h2 id="consent-summary" className="font-semibold">
          What would be published
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="consent-summary">
          <dt className="text-zinc-400">Name</dt>
          <dd>{profile.firstName}</dd>
          <dt className="text-zinc-400">Photos</dt>
          <dd>
            {shownPhotos} shown to visitors
            {profile.images.length > shownPhotos
              ? ` (${profile.images.length - shownPhotos} more kept, not shown)`
              : ""}
          </dd>
          <dt className="text-zinc-400">Number</dt>
          <dd>{profile.contactPhone || "none"}</dd>
          <dt className="text-zinc-400">Regions</dt>
          <dd>{regionsOf(profile) || "none"}</dd>
          <dt className="text-zinc-400">On the agency&apos;s page</dt>
          <dd data-testid="consent-agency-page">{showOnAgencyPage ? "Yes" : "No"}</dd>
        </dl>
        <p className="text-sm text-zinc-400">
          Your ID and photo verification stay your own: the agency never sees your documents.
        </p>
      </section>
      <Form method="post" className="space-y-3 rounded-lg border border-line p-4">
        <input type="hidden" name="seen" value={data.seen} />
        {data.state === "agreed" ? (
          <Button
            type="submit"
            name="decision"
            value="withdraw"
            variant="danger"
            block
            busy={busy === "withdraw"}
            data-testid="consent-withdraw"
          >
            Withdraw my consent and hide the listing
          </Button>
        ) : (
          <>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="onAgencyPage"
                value="yes"
                checked={showOnAgencyPage}
                onChange={(e) => setShowOnAgencyPage(e.currentTarget.checked)}
                className="h-5 w-5"
                data-testid="consent-on-agency-page"
              />
              <span>Show me on {data.agencyName}&apos;s page</span>
            </label>
            <Button
              type="submit"
              name="decision"
              value="agree"
              block
              busy={busy === "agree"}
              data-testid="consent-agree"
            >
              I agree: publish this listing
            </Button>
            {data.state === "asked" ? (
              <Button
                type="submit"
                name="decision"
                value="decline"
                variant="secondary"
                block
                busy={busy === "decline"}
                data-testid="consent-decline"
              >
                I do not agree
              </Button>
            ) : null}
          </>
        )}
        <p className="text-sm text-zinc-400">
          The agency is told only whether you agreed, never why. Once you agree, the listing goes live after our team
          has approved it.
        </p>
      </Form>
      <section aria-labelledby="consent-preview" className="space-y-3">
        <h2 id="consent-preview" className="text-xl font-semibold">
          The listing as visitors would see it
        </h2>
        <ProfileView profile={profile} preview now={data.now} />
      </section>
    </div>
  );
}

// The provider's booking-request inbox: the switch per listing, the requests (new first), the block list.
// Open, it updates by itself when a request comes in (useInboxUpdates).
import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { BLOCK_MONTHS, REQUEST_KEEP_DAYS } from "../limits";
import type { BlockView, InboxData, InboxResult, ListingSwitchView } from "../views";
import { InboxRequest } from "./InboxRequest";
import { useInboxUpdates } from "./useInboxUpdates";

const SECTION = "space-y-3 rounded-2xl border border-line bg-panel p-4 sm:p-5";

function ListingSwitch({ listing }: { listing: ListingSwitchView }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
      <input type="hidden" name="intent" value="switch" />
      <input type="hidden" name="listingId" value={listing.listingId} />
      <input type="hidden" name="value" value={listing.on ? "off" : "on"} />
      <div>
        <p className="font-semibold">{listing.firstName}</p>
        <p className="text-sm text-muted" data-testid="switch-state">
          {listing.on
            ? listing.live
              ? "Takes booking requests"
              : "Takes booking requests once the listing is live"
            : "Does not take booking requests"}
        </p>
      </div>
      <Button type="submit" variant={listing.on ? "secondary" : "primary"} busy={busy} data-testid="booking-switch">
        {listing.on ? "Turn off" : "Turn on"}
        <span className="sr-only"> booking requests for {listing.firstName}</span>
      </Button>
    </Form>
  );
}

function BlockList({ blocks }: { blocks: BlockView[] }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="blocks-heading" className={SECTION}>
      <h2 id="blocks-heading" className="text-xl font-semibold">
        Blocked numbers
      </h2>
      <p className="text-sm text-zinc-300">
        Only you see this list. A request from a blocked number never reaches you, and the sender is told the same as
        anyone else. A block lasts {BLOCK_MONTHS} months unless you renew it. We keep only a code made from the number,
        not the number.
      </p>
      {blocks.length === 0 ? <p className="text-muted">No blocked numbers.</p> : null}
      <ul className="space-y-3">
        {blocks.map((b) => (
          <li key={b.key} className="space-y-2 rounded-lg border border-line p-3" data-testid="block">
            <p className="font-semibold break-words">{b.label}</p>
            <p className="text-sm text-muted">
              Blocked since {b.since}, until {b.until}
            </p>
            <div className="flex flex-wrap gap-2">
              {(["renew", "unblock"] as const).map((intent) => (
                <Form method="post" key={intent}>
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="key" value={b.key} />
                  <Button type="submit" variant="secondary" busy={busy}>
                    {intent === "renew" ? `Renew for ${BLOCK_MONTHS} months` : "Unblock"}
                  </Button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InboxPage({ page, result }: { page: InboxData; result: InboxResult | undefined }) {
  useInboxUpdates(page.userId);
  const general = result && !result.requestId ? result : undefined;
  const fresh = page.requests.filter((r) => r.status === "new").length;
  return (
    <div className="space-y-6">
      {general ? (
        <Alert tone={general.ok ? "success" : "error"} reveal={general} data-testid="inbox-answer">
          {general.ok ? general.message : general.error}
        </Alert>
      ) : null}
      <section aria-labelledby="switch-heading" className={SECTION}>
        <h2 id="switch-heading" className="text-xl font-semibold">
          Take requests
        </h2>
        <p className="text-sm text-zinc-300">
          With this on, your profile shows &lsquo;Request a booking&rsquo; beside the SMS button. Visitors prove their
          mobile number with a code; each number is checked against the Safety Net&apos;s alerts and your block list
          before you see it.
        </p>
        {page.listings.length === 0 ? <p className="text-muted">You have no listings yet.</p> : null}
        <div className="divide-y divide-line [&>*]:py-3">
          {page.listings.map((l) => (
            <ListingSwitch key={l.listingId} listing={l} />
          ))}
        </div>
      </section>
      <section aria-labelledby="requests-heading" className="space-y-3">
        <h2 id="requests-heading" className="text-xl font-semibold">
          Requests{" "}
          <span className="text-base font-normal text-muted" data-testid="new-count">
            ({fresh} new)
          </span>
        </h2>
        <p className="text-sm text-zinc-300">
          Everything about a request is deleted {REQUEST_KEEP_DAYS} days after its time; you can read the number until
          the day after, unless you decline.
        </p>
        {page.requests.length === 0 ? <p className="text-muted">No requests yet.</p> : null}
        <ul className="space-y-4">
          {page.requests.map((r) => (
            <InboxRequest
              key={r.id}
              r={r}
              siteName={page.siteName}
              smsReady={page.smsReady}
              result={result}
              showListing={page.listings.length > 1}
            />
          ))}
        </ul>
      </section>
      <BlockList blocks={page.blocks} />
    </div>
  );
}

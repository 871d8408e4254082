import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { ListingCardData } from "~/core/listing-card";
import { ACTION_LABELS, adminBadges, adminDeleteConfirm, adminVerifyConfirm, menuActions } from "./moderation";
import type { ActionConfirm, ListingActionResult } from "./moderation";
import { ErrorList } from "~/ui/ErrorList";
import { useHydrated } from "~/ui/useHydrated";
import type { AdminAction } from "~/features/audit/audit";

export const ADMIN_ACTIONS_PATH = "/admin/listing-actions";

/** 'Unverified' (not verified) and 'Hidden' (verified, not live): what only administrators see on cards. */
export function AdminBadges({ card }: { card: Pick<ListingCardData, "verified" | "live"> }) {
  return (
    <>
      {adminBadges(card).map((b) => (
        <span
          key={b}
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${b === "Unverified" ? "bg-amber-300 text-ink" : "bg-zinc-200 text-ink"}`}
          data-testid="admin-badge"
        >
          {b}
        </span>
      ))}
    </>
  );
}

const BUTTON =
  "flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm hover:bg-ink focus-visible:bg-ink disabled:opacity-60";

/**
 * An administrator's actions on one card: Verify / Unverify, Make Live / Make Unlive (verified listings
 * only), Hot on or off, Delete (after the spec's confirmation). Each is a form posted to
 * /admin/listing-actions: without JavaScript the server answers with a redirect back here (or, for a
 * delete, its own confirmation step); with it, a fetcher posts and the grid reloads when it is done.
 * The server enforces every rule; this menu only offers what makes sense.
 */
export function AdminListingMenu({ card }: { card: ListingCardData }) {
  const fetcher = useFetcher<ListingActionResult>({ key: `admin:${card.modelId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const menu = useRef<HTMLDetailsElement>(null);
  const busy = fetcher.state !== "idle";
  const idle = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = idle && "error" in idle ? idle.error : null;
  // The server's question before a Verify (whether an ID request waits), until answered or cancelled.
  const [cancelled, setCancelled] = useState<unknown>(null);
  const confirm = idle && "confirm" in idle && cancelled !== idle ? idle.confirm : null;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) menu.current?.removeAttribute("open");
  }, [fetcher.state, fetcher.data]);

  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(adminDeleteConfirm(card.firstName))) event.preventDefault();
  };

  return (
    // Above the card's stretched profile link, in the flow of the card so the card's rounded frame never clips it.
    <details ref={menu} className="relative z-10 mt-2" data-testid="admin-menu">
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center justify-center rounded-lg border border-line px-3 text-sm font-semibold text-accent hover:bg-ink"
        aria-label={`Admin actions for ${card.firstName}`}
      >
        Admin actions
      </summary>
      <div
        className="mt-1 space-y-0.5 rounded-lg border border-line bg-ink/60 p-1"
        role="group"
        aria-label={`Actions for ${card.firstName}`}
      >
        {menuActions(card).map((action: AdminAction) => (
          <fetcher.Form
            key={action}
            method="post"
            action={ADMIN_ACTIONS_PATH}
            onSubmit={action === "delete" && hydrated ? confirmDelete : undefined}
          >
            <input type="hidden" name="intent" value={action} />
            <input type="hidden" name="listingId" value={card.modelId} />
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            {/* Present only with JavaScript: the action answers data, and window.confirm has asked already. */}
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            {hydrated && action === "delete" ? <input type="hidden" name="confirmed" value="yes" /> : null}
            <button
              type="submit"
              disabled={busy}
              className={`${BUTTON} ${action === "delete" ? "text-rose-300" : ""}`}
              aria-label={`${ACTION_LABELS[action]} ${card.firstName}`}
            >
              {ACTION_LABELS[action]}
            </button>
          </fetcher.Form>
        ))}
        {confirm ? (
          <VerifyConfirm confirm={confirm} fetcher={fetcher} onCancel={() => setCancelled(idle)} busy={busy} />
        ) : null}
        <ErrorList errors={error ? [error] : null} className="px-3 py-2" />
      </div>
    </details>
  );
}

/**
 * 'Verify' from the grid skips the ID review: the server says whether a request with documents is waiting,
 * and the administrator confirms (or goes to the review instead).
 */
function VerifyConfirm({
  confirm,
  fetcher,
  onCancel,
  busy,
}: {
  confirm: ActionConfirm;
  fetcher: ReturnType<typeof useFetcher<ListingActionResult>>;
  onCancel: () => void;
  busy: boolean;
}) {
  return (
    <div className="space-y-2 px-3 py-2 text-sm" data-testid="verify-confirm">
      <p role="status">{adminVerifyConfirm(confirm.name, confirm.idRequestWaiting)}</p>
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post" action={ADMIN_ACTIONS_PATH}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="listingId" value={confirm.listingId} />
          <input type="hidden" name="returnTo" value={confirm.returnTo} />
          <input type="hidden" name="js" value="1" />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" disabled={busy} className={`${BUTTON} border border-amber-400`}>
            {confirm.idRequestWaiting ? "Verify without review" : "Verify anyway"}
          </button>
        </fetcher.Form>
        {confirm.idRequestWaiting ? (
          <Link to="/admin/verifications" className={`${BUTTON} border border-line`}>
            Review the request
          </Link>
        ) : null}
        <button type="button" onClick={onCancel} className={`${BUTTON} border border-line`}>
          Cancel
        </button>
      </div>
    </div>
  );
}

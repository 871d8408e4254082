// The side-by-side queue: photos held because they match a photo of another account, and contact numbers held
// because another account's listing has them (decision 0062), each shown beside the listing it matches.
// Release, Remove, or Impersonation (removed; a photo is also refused at every later upload; a takedown case
// about the listing is opened on the Act's clock).
// Non-administrators get 404. The work is in app/features/verification/matches/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { matchesAction, matchesPage } from "~/features/verification/matches/queue.server";
import type { MatchItem, MatchSide } from "~/features/verification/matches/queue.server";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { profilePath } from "~/features/site/sitemap";
import { impersonationCase } from "~/features/takedowns/from-match.server";
import { siteOrigin } from "~/platform/http/site-origin.server";

export const meta: MetaFunction = () => privateMeta("Matches");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => matchesPage(request, context);
// 'Impersonation' opens a takedown case about the listing, on the Act's clock (decision 0066).
export const action = ({ request, context }: ActionFunctionArgs) =>
  matchesAction(request, context, (db, match, now, when) =>
    impersonationCase(context.cloudflare.env, db, match, siteOrigin(context.cloudflare.env, request), now, when),
  );

export default function MatchQueue() {
  const { items, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AdminPage
      title="Matches"
      lead="Photos held because they nearly match a photo on another account's listing, and contact numbers held because another account's listing has them, oldest first. Visitors see none of them until released, except photos saved before matching began, which stay up while they wait."
    >
      {result && "error" in result ? (
        <Alert tone="error" reveal={result}>
          {result.error}
        </Alert>
      ) : (
        <FlashNotice notice={notice} />
      )}
      {items.length === 0 ? (
        <EmptyQueue>Nothing to review.</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label="Held photos and numbers">
          {items.map((item) => (
            <MatchCard key={item.id} item={item} busy={busy} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function MatchCard({ item, busy }: { item: MatchItem; busy: boolean }) {
  return (
    <li className="space-y-3 rounded-xl border border-line bg-panel p-3" data-testid="match-item">
      <p className="text-sm text-muted">
        Received {item.received}
        {item.distance != null ? ` · ${item.distance} of 64 bits differ` : ""}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Side
          title={item.kind === "phone" ? "Number held (newer)" : item.shown ? "Newer, still shown" : "Held (newer)"}
          side={item.held}
        />
        <Side title={item.kind === "phone" ? "Same number" : "Matches"} side={item.other} />
      </div>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="reviewId" value={item.id} />
        <Decide intent="release" busy={busy}>
          Release
        </Decide>
        <Decide intent="remove" busy={busy}>
          Remove
        </Decide>
        <Decide intent="impersonation" busy={busy}>
          Impersonation
        </Decide>
      </Form>
      <p className="text-xs text-muted">
        {item.kind === "phone"
          ? "Impersonation drops the number and opens a takedown case about the newer listing: its owner is told and has 48 hours to answer."
          : "Impersonation removes the photo, refuses it at any later upload and opens a takedown case about the newer listing: its owner is told and has 48 hours to answer."}
      </p>
    </li>
  );
}

function Decide({ intent, busy, children }: { intent: string; busy: boolean; children: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      className="min-h-11 rounded-lg border border-line px-4 text-sm font-semibold hover:bg-ink disabled:opacity-50"
    >
      {children}
    </button>
  );
}

function Side({ title, side }: { title: string; side: MatchSide }) {
  return (
    <section className="min-w-0 space-y-1">
      <h2 className="text-sm font-semibold">{title}</h2>
      {side ? (
        <>
          {side.phone ? (
            <p className="text-lg font-semibold" data-testid="match-phone">
              {side.phone}
            </p>
          ) : side.photo ? (
            // The box has the listing photos' shape before the photo arrives: the decisions under it stay put.
            <img
              src={side.photo}
              alt={`Photo on ${side.name}'s listing`}
              className="aspect-[3/4] w-full rounded-lg bg-ink object-contain"
            />
          ) : (
            <p className="text-sm text-muted">Photo since removed.</p>
          )}
          <p className="truncate text-sm">
            <a className="underline" href={profilePath(side.listingId)}>
              {side.name}
            </a>
          </p>
          <p className="truncate text-xs text-muted">{side.email}</p>
        </>
      ) : (
        <p className="text-sm text-muted">That listing is gone.</p>
      )}
    </section>
  );
}

// /profile/new: the listing editor with a blank form, in edit mode (provider spec §2, §4).
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EditorNoScript } from "~/features/listings/editor/EditorNoScript";
import { ListingEditor } from "~/features/listings/editor/ListingEditor";
import { LISTING_RULE_MSG } from "~/features/listings/rules";
import { requireUser } from "~/features/accounts/guards.server";
import { mayStartListing } from "~/features/listings/editor.server";
import { imagesDrawOverlays } from "~/features/photos/watermark-probe.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("New Listing");

export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { env } = context.cloudflare;
  const [allowed, watermarks] = await Promise.all([mayStartListing(env, user), imagesDrawOverlays(env.IMAGES)]);
  // A new listing's photos have no checks yet; the clock is still one for server and browser.
  return data(
    { allowed, userId: user.id, watermarks, checks: { pending: [], refused: [], now: Date.now() } },
    { headers: NO_STORE },
  );
}

export default function NewListing() {
  const { allowed, userId, watermarks, checks } = useLoaderData<typeof loader>();
  if (!allowed) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">You already have a listing</h1>
        <p className="text-muted">{LISTING_RULE_MSG.independentLimit}</p>
        <Link
          to="/dashboard"
          className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink"
        >
          Back to your dashboard
        </Link>
      </div>
    );
  }
  return (
    <>
      <EditorNoScript />
      <ListingEditor mode="create" profile={null} userId={userId} watermarks={watermarks} checks={checks} />
    </>
  );
}

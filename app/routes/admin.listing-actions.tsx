// Where the admin grid's card menus post (spec public §4): verify / unverify, live, hot, delete. With
// JavaScript (js=1) the answer is data and the grid reloads itself; without it, a redirect back to the
// grid, or for a delete first a confirmation step rendered here. Non-administrators get 403 and nothing
// changes. The work is in app/features/moderation/listing-actions-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { adminDeleteConfirm, adminVerifyConfirm } from "~/features/moderation/moderation";
import type { ActionConfirm as Confirm } from "~/features/moderation/moderation";
import { listingAction, listingActionsPage } from "~/features/moderation/listing-actions-page.server";
import type { ListingActionResult } from "~/features/moderation/listing-actions-page.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Listing actions");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => listingActionsPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => listingAction(request, context);

/** Without JavaScript, before a Verify from the grid: whether an ID request waits, then confirm or go to it. */
function VerifyStep({ confirm }: { confirm: Confirm }) {
  const { listingId, name, returnTo, idRequestWaiting } = confirm;
  return (
    <InfoPage title="Verify listing">
      <div className="space-y-5 rounded-2xl border border-amber-400 bg-panel p-6">
        <p className="text-lg">{adminVerifyConfirm(name, idRequestWaiting)}</p>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="listingId" value={listingId} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="confirmed" value="yes" />
            <Button type="submit">{idRequestWaiting ? "Verify without review" : "Verify anyway"}</Button>
          </Form>
          {idRequestWaiting ? (
            <Link to="/admin/verifications" className={buttonClass({ variant: "secondary" })}>
              Review the request
            </Link>
          ) : null}
          <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </div>
    </InfoPage>
  );
}

/** Only reached without JavaScript: a delete's or a verify's confirmation step, or a refused action. */
export default function ListingActions() {
  const result = useActionData<typeof action>() as ListingActionResult | undefined;
  if (result && "confirm" in result && result.confirm.intent === "verify")
    return <VerifyStep confirm={result.confirm} />;
  if (result && "confirm" in result) {
    const { listingId, name, returnTo } = result.confirm;
    return (
      <InfoPage title="Delete listing">
        <div className="space-y-5 rounded-2xl border border-rose-900 bg-panel p-6">
          <p className="text-lg">{adminDeleteConfirm(name)}</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="listingId" value={listingId} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="confirmed" value="yes" />
              <Button type="submit" variant="danger">
                Delete {name}
              </Button>
            </Form>
            <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
              Cancel
            </Link>
          </div>
        </div>
      </InfoPage>
    );
  }
  const error = result && "error" in result ? result.error : "Nothing to do here.";
  const back = result && "returnTo" in result && result.returnTo ? result.returnTo : "/";
  return (
    <InfoPage title="Listing actions">
      <Alert tone="error">{error}</Alert>
      <Link to={back} className={buttonClass({ variant: "secondary", className: "mt-6" })}>
        Back to the listings
      </Link>
    </InfoPage>
  );
}

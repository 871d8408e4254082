// A worker's consent link (docs/decisions/0058-worker-consent-and-agency-checks.md): opening it changes nothing
// (a mail scanner fetches every link); the page shows exactly what would be published and her choice, which
// needs no account. The work is in app/features/listings/consent/.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { decideConsent, openConsent } from "~/features/listings/consent.server";
import type { Decision } from "~/features/listings/consent.server";
import { buildProfileFromD1 } from "~/features/profile/profile.server";
import { ConsentPage } from "~/features/agencies/ConsentPage";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { Alert } from "~/ui/Alert";
import { LINK_PAGE_HEADERS, linkPageHeadersFunction } from "~/platform/http/link-page";

export const meta: MetaFunction = () => privateMeta("Your consent");
export const headers = linkPageHeadersFunction;
const HEADERS = LINK_PAGE_HEADERS;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const opened = await openConsent(env, params.token ?? "");
  if (!opened.ok) return data({ page: null, error: opened.error }, { status: opened.status, headers: HEADERS });
  const profile = await buildProfileFromD1(env, opened.view.listingId, { withHidden: true });
  if (!profile) return data({ page: null, error: "This listing no longer exists." }, { status: 404, headers: HEADERS });
  return data({ page: { ...opened.view, profile, now: Date.now() }, error: null }, { headers: HEADERS });
}

const DECISIONS: readonly Decision[] = ["agree", "decline", "withdraw"];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const form = await request.formData().catch(() => null);
  const decision = form?.get("decision");
  const seen = Number(form?.get("seen"));
  if (!DECISIONS.includes(decision as Decision) || !Number.isSafeInteger(seen))
    return data({ error: "Choose to agree, decline or withdraw." }, { status: 400, headers: HEADERS });
  const result = await decideConsent(env, ctx, new URL(request.url).origin, params.token ?? "", {
    decision: decision as Decision,
    seen,
    onAgencyPage: form?.get("onAgencyPage") === "yes",
  });
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: HEADERS });
  return data({ error: null as string | null }, { headers: HEADERS });
}

export default function Consent() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("decision") : null;
  if (!loaded.page) {
    return (
      <InfoPage title="This link no longer works">
        <div className="space-y-4">
          <Alert tone="error" data-testid="consent-error">
            {loaded.error}
          </Alert>
          <p>
            Questions? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </InfoPage>
    );
  }
  return (
    <ConsentPage
      data={loaded.page}
      error={answered?.error}
      busy={DECISIONS.includes(pending as Decision) ? (pending as Decision) : null}
    />
  );
}

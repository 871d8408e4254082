// The Safety Net correction route on the contact page: for someone who believes a safety alert about them
// is wrong. Handled within 48 hours (the Harmful Digital Communications Act's safe harbour); see
// docs/decisions/0023-safety-net.md. The work is in app/features/safety-net/pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { CorrectionForm } from "~/features/safety-net/components/CorrectionForm";
import type { CorrectionResult } from "~/features/safety-net/components/CorrectionForm";
import { correctionAction } from "~/features/safety-net/correction-page.server";
import { originOf, seoMeta } from "~/features/site/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Safety Net correction",
    description: "Ask Kiwi Companions to correct or remove a Safety Net alert you believe is about you and is wrong.",
    path: "/contact/safety-net-correction",
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return { origin: originOf(request.url) };
}

export const action = ({ request, context }: ActionFunctionArgs) => correctionAction(request, context);

export default function SafetyNetCorrection() {
  const result = useActionData<typeof action>() as CorrectionResult | undefined;
  return (
    <InfoPage
      title="Safety Net correction"
      lead="Verified providers can share warnings about clients who harmed them. Each alert is checked by an administrator first and expires after 12 months. If you believe an alert is about you and is wrong, tell us here: we reply within 48 hours, and correct or remove the alert if it is wrong."
    >
      <CorrectionForm result={result} />
      <p className="mt-6 text-sm text-zinc-300">
        How we handle this information is in our{" "}
        <Link to="/privacy#safety-net" className="text-accent underline underline-offset-2">
          privacy policy
        </Link>
        .
      </p>
    </InfoPage>
  );
}

// One receipt (docs/billing.md): the NZ taxable supply information for a payment. Only its owner may read it:
// anyone else's receipt, like a made-up id, is a 404.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { receiptLabel, receiptLines } from "~/features/billing/emails";
import { isId } from "~/platform/data/ids";
import { requireUser } from "~/features/accounts/guards.server";
import { ownReceipt } from "~/features/billing/billing.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Receipt");
export const headers = pipeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const receipt = isId(params.id) ? await ownReceipt(context.cloudflare.env, user.id, params.id) : null;
  if (!receipt) throw data("Not found", { status: 404, headers: NO_STORE });
  return data(
    { title: `Receipt ${receiptLabel(receipt.number)}`, lines: receiptLines(receipt) },
    { headers: NO_STORE },
  );
}

export default function ReceiptPage() {
  const { title, lines } = useLoaderData<typeof loader>();
  return (
    <InfoPage width="medium" title={title}>
      <div className="space-y-6">
        <ul className="space-y-2 rounded-2xl border border-line bg-panel p-6" data-testid="receipt">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link to="/managesub" className="text-accent underline underline-offset-2">
          Back to your subscriptions
        </Link>
      </div>
    </InfoPage>
  );
}

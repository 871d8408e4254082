// How long ID checks, photo checks and takedown cases take now: the median and the 90th percentile of the last
// 7 days of real decisions (linked from the FAQ; docs/decisions/0064-review-times-and-appeals.md).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReviewTimes } from "~/features/review-service/ReviewTimes";
import { loadWaits } from "~/features/review-service/waits.server";
import { InfoPage } from "~/features/site/InfoPage";
import { originOf, seoMeta } from "~/features/site/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Review times",
    description:
      "How long ID checks, photo checks and takedown cases take on Kiwi Companions, from the last 7 days of decisions.",
    path: "/review-times",
    origin: data?.origin,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { origin: originOf(request.url), waits: await loadWaits(context.cloudflare.env, Date.now()) };
}

export default function ReviewTimesPage() {
  const { waits } = useLoaderData<typeof loader>();
  return (
    <InfoPage
      title="Review times"
      lead="How long you can expect to wait for a decision, from the decisions of the last 7 days."
    >
      <ReviewTimes waits={waits} />
    </InfoPage>
  );
}

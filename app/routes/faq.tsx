import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { FaqAccordion } from "~/features/shell/FaqAccordion";
import { InfoPage, PRIMARY_BUTTON } from "~/features/site/InfoPage";
import { FAQ_GROUPS } from "~/features/shell/faq";
import { originOf, seoMeta } from "~/features/site/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Frequently Asked Questions",
    description:
      "Answers about creating an account, posting and editing a listing, ID verification, weekly plans and card payments on Kiwi Companions.",
    path: "/faq",
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return { origin: originOf(request.url) };
}

export default function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      lead={<p>Quick answers for advertisers and visitors. Select a question to read the answer.</p>}
    >
      <FaqAccordion groups={FAQ_GROUPS} />
      <section aria-labelledby="faq-help" className="mt-12 rounded-2xl border border-line bg-panel p-6 text-center">
        <h2 id="faq-help" className="text-xl font-semibold">
          Still have questions?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-zinc-300">
          Our support team answers e-mail around the clock and the phone during business hours.
        </p>
        <Link to="/contact" className={`${PRIMARY_BUTTON} mt-5`}>
          Contact Support
        </Link>
      </section>
    </InfoPage>
  );
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { CallToAction, InfoPage } from "~/features/site/InfoPage";
import { regionPath } from "~/core/regions";
import { originLoader, seoMeta } from "~/features/site/seo";
import { COVERAGE } from "~/features/site/site";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "About Us",
    description:
      "Kiwi Companions is a New Zealand directory for independent escorts, agencies and massage providers, built on community, nationwide access, respect and discretion.",
    path: "/about",
    origin: data?.origin,
  });

export const loader = originLoader;

const VALUES = [
  {
    title: "Community",
    text: "We are built for New Zealand's independent providers and the small agencies they work with. Advertisers control their own listings, and we listen when they tell us what would make the site work better for them.",
  },
  {
    title: "Nationwide access",
    text: "From Auckland to Invercargill, providers in every region can reach clients near them, and clients can find someone in their own city without trawling through listings from the other end of the country.",
  },
  {
    title: "Respect and discretion",
    text: "Everyone here is an adult making their own choices. We verify every advertiser's age, keep only the personal information we need, and never sell it or track visitors across the web.",
  },
] as const;

export default function AboutPage() {
  return (
    <InfoPage
      title="About Kiwi Companions"
      lead="A safe, respectful place for New Zealand's adult service providers to advertise, and for adults to find them."
    >
      <div className="space-y-10">
        <section aria-labelledby="mission" className="space-y-3">
          <h2 id="mission" className="text-2xl font-semibold">
            Our mission
          </h2>
          <p className="leading-relaxed text-zinc-200">
            Since the Prostitution Reform Act 2003, sex work in New Zealand has been legal work, with the same rights to
            safety and fair treatment as any other. Our mission is to give providers a professional, affordable way to
            advertise on their own terms, and to give clients a directory they can trust: every listing is reviewed by a
            person, every advertiser is verified as 18 or older, and anything that breaks the law or our terms is taken
            down.
          </p>
        </section>

        <section aria-labelledby="values" className="space-y-4">
          <h2 id="values" className="text-2xl font-semibold">
            Our values
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-xl border border-line bg-panel p-5">
                <h3 className="text-lg font-semibold text-accent">{v.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-zinc-300">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="coverage" className="space-y-4">
          <h2 id="coverage" className="text-2xl font-semibold">
            Where we operate
          </h2>
          <p className="text-zinc-300">Listings from right across Aotearoa, including:</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {COVERAGE.map((region) => (
              <li key={region}>
                <Link
                  to={regionPath(region)}
                  className="flex min-h-11 items-center rounded-lg border border-line bg-panel px-4 text-zinc-200 hover:border-accent hover:text-accent"
                >
                  {region}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <CallToAction
        title="Advertise with us"
        text="Create an account, verify your ID and publish your listing. Our team reviews new listings within 48 hours."
        to="/login"
        label="Get Started"
      />
    </InfoPage>
  );
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { InfoPage } from "~/features/site/InfoPage";
import { LegalSections } from "~/features/shell/legal/legal-document";
import { TERMS_PLANS_SECTIONS } from "~/features/shell/legal/terms-plans";
import { TERMS_USE_SECTIONS } from "~/features/shell/legal/terms-use";
import { originLoader, seoMeta } from "~/features/site/seo";
import { TERMS_UPDATED } from "~/features/site/site";
import { SITE_NAME } from "~/features/site/site-name";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Terms and Conditions",
    description:
      "The terms for using Kiwi Companions: a New Zealand host for user-generated classified ads. Adults only, Prostitution Reform Act 2003, plans, payments, refunds and cancellation.",
    path: "/terms",
    origin: data?.origin,
  });

export const loader = originLoader;

/** Numbered in this order; the numbers are part of the published terms, so new sections go at the end. */
const TERMS_SECTIONS = [...TERMS_USE_SECTIONS, ...TERMS_PLANS_SECTIONS];

export default function TermsPage() {
  return (
    <InfoPage
      title="Terms and Conditions"
      updated={TERMS_UPDATED}
      lead={`The rules for visiting ${SITE_NAME} and for advertising on it, in ${TERMS_SECTIONS.length} sections.`}
    >
      <LegalSections numbered sections={TERMS_SECTIONS} />
    </InfoPage>
  );
}

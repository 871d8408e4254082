import type { MetaFunction } from "@remix-run/cloudflare";
import { InfoPage } from "~/features/site/InfoPage";
import { LegalSections } from "~/features/shell/legal/legal-document";
import { PRIVACY_DATA_SECTIONS } from "~/features/shell/legal/privacy-data";
import { PRIVACY_RIGHTS_SECTIONS } from "~/features/shell/legal/privacy-rights";
import { originLoader, seoMeta } from "~/features/site/seo";
import { PRIVACY_UPDATED } from "~/features/site/site";
import { SITE_NAME } from "~/features/site/site-name";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Privacy Policy",
    description:
      "What Kiwi Companions stores, why, for how long, and your rights under New Zealand's Privacy Act 2020. No browser fingerprinting, no third-party trackers.",
    path: "/privacy",
    origin: data?.origin,
  });

export const loader = originLoader;

const SECTIONS = [...PRIVACY_DATA_SECTIONS, ...PRIVACY_RIGHTS_SECTIONS];

export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      lead={`How ${SITE_NAME} collects, uses and protects personal information, and your rights under New Zealand's Privacy Act 2020.`}
    >
      <LegalSections sections={SECTIONS} />
    </InfoPage>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { originOf, seoMeta } from "~/features/site/seo";
import {
  BUSINESS_HOURS,
  EMAIL_SUPPORT_HOURS,
  PHONE_DISPLAY,
  PHONE_TEL,
  POSTAL_ADDRESS,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
} from "~/features/site/site";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Contact Us",
    description: `Contact Kiwi Companions support by e-mail at ${SUPPORT_EMAIL} (24/7) or by phone on ${PHONE_DISPLAY}, Monday to Saturday. Report harmful content any time.`,
    path: "/contact",
    origin: data?.origin,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return { origin: originOf(request.url) };
}

const LINK = "inline-flex min-h-11 items-center text-accent underline underline-offset-2 hover:text-accent-strong";

export default function ContactPage() {
  return (
    <InfoPage title="Contact Us" lead={<p>Questions about your account, a listing or a plan? We are here to help.</p>}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactCard id="contact-email" title="E-mail">
          <p className="mt-1">
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`${LINK} break-all`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className="text-sm text-zinc-300">{EMAIL_SUPPORT_HOURS}. We usually reply within one business day.</p>
        </ContactCard>

        <ContactCard id="contact-phone" title="Phone">
          <p className="mt-1">
            <a href={`tel:${PHONE_TEL}`} className={LINK}>
              {PHONE_DISPLAY}
            </a>
          </p>
          <p className="text-sm text-zinc-300">During business hours, New Zealand time.</p>
        </ContactCard>

        <ContactCard id="contact-address" title="Postal address">
          <address className="mt-2 not-italic leading-relaxed text-zinc-200">
            {POSTAL_ADDRESS.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-2 text-sm text-zinc-300">
            We have no public office; please write or e-mail rather than visit.
          </p>
        </ContactCard>

        <ContactCard id="contact-hours" title="Business hours">
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-zinc-200">
            {BUSINESS_HOURS.map((h) => (
              <div key={h.days} className="contents">
                <dt className="text-zinc-300">{h.days}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-zinc-300">{EMAIL_SUPPORT_HOURS}.</p>
        </ContactCard>
      </div>
      <ReportHelp />
    </InfoPage>
  );
}

/** One way to reach us, as a card labelled by its heading. */
function ContactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-panel p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Where reports, harmful-content complaints, Safety Net corrections and privacy requests go. */
function ReportHelp() {
  return (
    <section aria-labelledby="contact-report" className="mt-10 space-y-3 leading-relaxed text-zinc-200">
      <h2 id="contact-report" className="text-2xl font-semibold text-white">
        Report a listing or harmful content
      </h2>
      <p>
        Use the Report button on any advertisement or profile, or e-mail{" "}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=Report`} className="text-accent underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>{" "}
        with the link to the page. If you believe someone in a listing is under 18 or is being coerced, tell us straight
        away and contact the Police (111 in an emergency). We remove such listings at once.
      </p>
      <p>
        If content on this site harms you, for example an intimate image shared without consent, we handle your
        complaint under the Harmful Digital Communications Act 2015 and pass it to the author within 48 hours. See{" "}
        <Link to="/privacy#harmful-content" className="text-accent underline underline-offset-2">
          how we handle complaints about harmful content
        </Link>
        . You can also get free help from{" "}
        <a href="https://netsafe.org.nz" rel="noopener noreferrer" className="text-accent underline underline-offset-2">
          Netsafe
        </a>
        .
      </p>
      <p>
        If you believe a Safety Net alert shared between verified providers is about you and is wrong, send a{" "}
        <Link to="/contact/safety-net-correction" className="text-accent underline underline-offset-2">
          Safety Net correction
        </Link>{" "}
        request. We reply within 48 hours.
      </p>
      <p>
        Privacy questions and requests to see or correct your information go to our Privacy Officer at{" "}
        <a href={`mailto:${PRIVACY_EMAIL}`} className="text-accent underline underline-offset-2">
          {PRIVACY_EMAIL}
        </a>
        .
      </p>
    </section>
  );
}

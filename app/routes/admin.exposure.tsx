// How evenly last week's impressions spread in each plan and region, and any Featured listing that got fewer
// than the Standard median of its region, by impressions a day while public (docs/decisions/0030 and 0051).
// The groups are the ones the providers' statements read, so both count the same listings. Non-administrators
// get 404.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { loadExposureReport } from "~/features/insights/statement/statement.server";
import { PLAN_LABEL, percent, weekWords } from "~/features/insights/statement/statement";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { ColumnHeads } from "~/ui/ColumnHeads";

export const meta: MetaFunction = () => privateMeta("Exposure");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context);
  const report = await loadExposureReport(context.cloudflare.env, Date.now());
  return data(report, { headers: NO_STORE });
}

const CELL = "px-3 py-2";
const COLUMNS = ["Plan", "Region", "Listings", "Impressions", "Median a day", "Highest over lowest", "Spread"];
const ratioText = (r: number | null) => (r === null ? "– (one had none)" : `${r.toFixed(1)}×`);
const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export default function Exposure() {
  const { week, groups, behind } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Exposure"
      lead={`Impressions in ${weekWords(week)} (Monday to Sunday, NZ time), by plan and region: every listing public at any time that week, in the plan and region it had on its days public, compared by impressions a day while public.`}
    >
      <SpreadSection groups={groups} />
      <BehindSection behind={behind} />
    </AdminPage>
  );
}

type Report = ReturnType<typeof useLoaderData<typeof loader>>;

/** The page's two titled parts: each a landmark labelled by its heading. */
function ReportSection({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${className} space-y-2`.trim()}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Each plan and region's impressions, and how evenly they spread. */
function SpreadSection({ groups }: { groups: Report["groups"] }) {
  return (
    <ReportSection id="spread" title="How evenly it spread">
      <p className="text-sm text-muted">
        Highest over lowest: the most-seen listing&apos;s impressions a day over the least-seen&apos;s. Spread: their
        difference as a share of the group&apos;s impressions a day.
      </p>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">No listings last week.</p>
      ) : (
        // Focusable, so a keyboard can scroll the table sideways on a phone.
        <div
          className="relative overflow-x-auto rounded-2xl border border-line"
          role="region"
          aria-label="Exposure by plan and region, scrolls sideways"
          tabIndex={0}
        >
          {/* Words wrap only between them here (not anywhere, as on the rest of the page, decision 0028): the
              table scrolls sideways in its box, so a heading or a region need not break inside a word. */}
          <table className="w-full min-w-[34rem] text-left text-sm wrap-normal" data-testid="exposure-table">
            <caption className="sr-only">Exposure by plan and region</caption>
            <ColumnHeads columns={COLUMNS} />
            <tbody>
              {groups.map((g) => (
                <tr key={`${g.plan}-${g.region}`} className="border-t border-line">
                  <td className={CELL}>{PLAN_LABEL[g.plan]}</td>
                  <td className={CELL}>{g.region || "–"}</td>
                  <td className={CELL}>{g.listings}</td>
                  <td className={CELL}>{g.impressions}</td>
                  <td className={CELL}>{num(g.medianPerDay)}</td>
                  <td className={CELL}>{ratioText(g.ratio)}</td>
                  <td className={CELL}>{percent(g.spread)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ReportSection>
  );
}

/** Featured listings that got fewer impressions than the Standard median of their region. */
function BehindSection({ behind }: { behind: Report["behind"] }) {
  return (
    <ReportSection id="behind" title="Featured listings below the Standard median" className="mt-6">
      {behind.length === 0 ? (
        <p className="text-sm text-muted" data-testid="exposure-none-behind">
          None: every Featured listing got at least the Standard median of its region, a day while public.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="exposure-behind">
          {behind.map((b) => (
            <li key={b.id} className="rounded-xl border border-line bg-panel p-3 text-sm">
              <Link to={`/view/${b.id}`} className="text-accent underline underline-offset-2">
                {b.firstName}
              </Link>{" "}
              in {b.region || "no region"}: {b.impressions} impressions, {num(b.perDay)} a day while public; the
              Standard median there was {num(b.standardMedianPerDay)} a day.
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}

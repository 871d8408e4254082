// /admin/subscriptions: the table of subscriptions with each row's grants, and the failed renewals.
import { Form, Link } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { FeaturedGrant, ReasonField, WeeksField } from "./GrantForms";
import { ColumnHeads } from "~/ui/ColumnHeads";

const CELL = "px-3 py-2";
const COLUMNS = ["Listing", "Plan", "Status", "Period ends", "Failed renewals", "Free weeks", "Featured grant"];

export type SubscriptionRow = {
  listingId: string;
  name: string;
  email: string;
  plan: string;
  label: string;
  ends: string;
  failedRenewals: number;
  grantEnds: string | null;
};

export function SubscriptionsTable({ subscriptions }: { subscriptions: SubscriptionRow[] }) {
  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-line">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="subscriptions-table">
          <caption className="sr-only">Subscriptions</caption>
          <ColumnHeads columns={COLUMNS} />
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.listingId} className="border-t border-line" data-testid="subscription-row">
                <td className={CELL}>
                  <Link to={`/profile/${s.listingId}`} className="text-accent underline">
                    {s.name}
                  </Link>
                  <span className="block break-all text-xs text-muted">{s.email}</span>
                </td>
                <td className={CELL}>{s.plan}</td>
                <td className={CELL}>{s.label}</td>
                <td className={CELL}>{s.ends}</td>
                <td className={CELL}>{s.failedRenewals}</td>
                <td className={CELL}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="grantWeeks" />
                    <input type="hidden" name="listingId" value={s.listingId} />
                    <WeeksField id={`weeks-${s.listingId}`} label={`Free weeks for ${s.name}`} />
                    <ReasonField id={`weeks-reason-${s.listingId}`} label={`Reason for free weeks for ${s.name}`} />
                    <Button type="submit" variant="secondary">
                      Grant
                    </Button>
                  </Form>
                </td>
                <td className={CELL}>
                  <FeaturedGrant listingId={s.listingId} name={s.name} grantEnds={s.grantEnds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {subscriptions.length === 0 ? (
        <p className="text-muted" data-testid="subscriptions-empty">
          No listings match.
        </p>
      ) : null}
    </>
  );
}

export type FailedRenewal = {
  listingId: string;
  name: string;
  email: string;
  plan: string;
  failedRenewals: number;
  retry: string | null;
};

/** Past due: the renewal was refused, and the second attempt is still to come. */
export function FailedRenewals({ failed }: { failed: FailedRenewal[] }) {
  return (
    <section aria-labelledby="failed-title" className="space-y-3">
      <h2 id="failed-title" className="text-xl font-semibold">
        Failed renewals{failed.length ? ` (${failed.length})` : ""}
      </h2>
      <p className="text-muted">Past due: the renewal was refused, and the second attempt is still to come.</p>
      {failed.length === 0 ? (
        <p className="text-muted">None.</p>
      ) : (
        <ul className="space-y-2" data-testid="failed-renewals">
          {failed.map((f) => (
            <li key={f.listingId} className="break-words">
              <Link to={`/profile/${f.listingId}`} className="text-accent underline">
                {f.name}
              </Link>{" "}
              <span className="text-muted">({f.email})</span>, {f.plan}: {f.failedRenewals} failed
              {f.retry ? `, second attempt ${f.retry}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

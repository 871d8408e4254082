// /admin/subscriptions: payments left open that an administrator settles, and money that bought nothing
// (decision 0015, "Looking a payment up" and "Money that buys nothing").
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { ReasonField } from "./GrantForms";
import { ColumnHeads } from "~/ui/ColumnHeads";

const CELL = "px-3 py-2";

/** Both lists' frame: a titled section (a landmark screen readers reach by its title) and what it holds. */
function PaymentsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-muted">{intro}</p>
      {children}
    </section>
  );
}

export type OpenPayment = {
  reference: string;
  name: string;
  email: string;
  kind: string;
  amount: string;
  openedAt: string;
  checkedAt: string;
};

/** Payments open for more than two hours: a lost notification or a charge whose answer never came. */
export function OpenPayments({ open }: { open: OpenPayment[] }) {
  return (
    <PaymentsSection
      id="open-title"
      title="Payments left open"
      intro="Open for more than two hours. Ask the provider settles it if the provider has decided. Give up closes it as failed with no charge recorded (only once you are sure nothing was charged), so the listing can change plan again."
    >
      {open.length === 0 ? (
        <p className="text-muted">None.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="open-payments">
            <caption className="sr-only">Payments left open</caption>
            <ColumnHeads
              columns={["Listing", "Owner", "Amount", "Kind", "Opened", "Last checked", "Actions"]}
              cellClassName={CELL}
            />
            <tbody>
              {open.map((o) => (
                <tr key={o.reference} className="border-t border-line" data-testid="open-payment-row">
                  <td className={CELL}>{o.name}</td>
                  <td className={CELL}>{o.email}</td>
                  <td className={CELL}>{o.amount}</td>
                  <td className={CELL}>{o.kind}</td>
                  <td className={CELL}>{o.openedAt}</td>
                  <td className={CELL}>{o.checkedAt}</td>
                  <td className={`${CELL} space-y-2`}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="askProvider" />
                      <input type="hidden" name="paymentId" value={o.reference} />
                      <Button type="submit" variant="secondary">
                        Ask the provider now
                      </Button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="giveUpPayment" />
                      <input type="hidden" name="paymentId" value={o.reference} />
                      <ReasonField id={`give-up-reason-${o.reference}`} label={`Reason for giving up ${o.reference}`} />
                      <Button type="submit" variant="danger">
                        Give up
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PaymentsSection>
  );
}

export const REFUND_STATE_LABEL = {
  due: "Refund to send",
  sending: "Refund being sent",
  pending: "Refund sent, the provider has not decided",
  refunded: "Refunded",
  manual: "The provider refused the refund: refund it in its portal",
} as const;

export type StrayPayment = {
  id: string;
  reference: string;
  name: string;
  email: string;
  amount: string;
  reason: string;
  state: string;
  done: boolean;
  note: string;
  receivedAt: string;
};

/** Money that bought nothing (payments/unapplied.server.ts): refunded by the cron, listed until it is. */
export function StrayPayments({ stray }: { stray: StrayPayment[] }) {
  return (
    <PaymentsSection
      id="stray-title"
      title="Payments that bought nothing"
      intro="Paid after the checkout was replaced or closed, paid twice, or for a listing that could not take it. Never applied as a purchase: each is refunded through the payment provider. One the provider refused is yours to refund in its portal; then mark it refunded."
    >
      {stray.length === 0 ? (
        <p className="text-muted">None.</p>
      ) : (
        // Cards rather than a table: each has a form, and a phone shows them without scrolling sideways.
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="stray-payments">
          {stray.map((r) => (
            <li key={r.id} className="space-y-3 rounded-2xl border border-line p-4" data-testid="stray-payment-row">
              <p className="font-semibold">
                {r.amount} from {r.name} <span className="font-normal text-muted">({r.email})</span>
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">Why</dt>
                <dd>{r.reason}</dd>
                <dt className="text-muted">Received</dt>
                <dd>{r.receivedAt}</dd>
                <dt className="text-muted">Refund</dt>
                <dd>
                  {r.state}
                  {r.note ? <span className="block text-muted">{r.note}</span> : null}
                </dd>
                <dt className="text-muted">Payment</dt>
                <dd className="break-all">{r.reference}</dd>
              </dl>
              {r.done ? null : (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="markRefunded" />
                  <input type="hidden" name="id" value={r.id} />
                  <ReasonField id={`refund-reason-${r.id}`} label={`How ${r.reference} was refunded`} />
                  <Button type="submit" variant="secondary">
                    Mark refunded
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </PaymentsSection>
  );
}

// 'Payment processing…' that updates by itself: while a payment waits for its outcome, the page's loader runs
// again every few seconds (a revalidation, no new request type) and stops once nothing is waiting, or after two
// minutes (a later outcome shows on the next visit). Without JavaScript the 'Refresh' link does the same by hand.
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export const PAYMENT_POLL_MS = 3000;
const POLL_FOR_MS = 120_000;

/** Revalidates the page every PAYMENT_POLL_MS while `waiting`. */
export function usePaymentPolling(waiting: boolean) {
  const revalidator = useRevalidator();
  // Read through a ref: the revalidator changes on every revalidation, and restarting the timer with it would
  // restart its clock too.
  const live = useRef(revalidator);
  live.current = revalidator;
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) return window.clearInterval(timer);
      if (live.current.state === "idle") live.current.revalidate();
    }, PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

export function PaymentsWaiting({ open, href = "/managesub" }: { open: boolean; href?: string }) {
  usePaymentPolling(open);
  if (!open) return null;
  return (
    <p role="status" className="rounded-xl border border-line bg-ink p-4" data-testid="payments-waiting">
      Payment processing… This page updates by itself.{" "}
      <Link to={href} reloadDocument className="text-accent underline underline-offset-2">
        Refresh
      </Link>
    </p>
  );
}

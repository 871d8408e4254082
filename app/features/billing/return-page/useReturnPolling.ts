// The checkout return page's own checking while a payment waits: the page's loader again every two seconds,
// and after 10 seconds with no notification the server asked to look the payment up at the provider
// (docs/decisions/0015-subscriptions-and-billing.md, "Looking a payment up"), every 10 seconds at most.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { RETURN_LOOKUP_AFTER_MS } from "~/features/payments/lookups";

/** How long the page keeps asking: a notification later than this is shown on /managesub instead. */
const POLL_MS = 2000;
const POLL_FOR_MS = 120_000;

export function useReturnPolling(waiting: boolean) {
  const revalidator = useRevalidator();
  const lookup = useFetcher();
  // The timer reads the revalidator and the fetcher through refs: both change on every revalidation, and
  // restarting the timer with them would restart its clock too (and never reach the 10 seconds).
  const live = useRef({ revalidator, lookup });
  live.current = { revalidator, lookup };
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    let lastLookup = started;
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now - started > POLL_FOR_MS) return window.clearInterval(timer);
      const { revalidator, lookup } = live.current;
      // No notification yet after 10 seconds: the server asks the provider itself, every 10 seconds at most.
      if (now - lastLookup >= RETURN_LOOKUP_AFTER_MS && lookup.state === "idle") {
        lastLookup = now;
        lookup.submit({ intent: "check", js: "1" }, { method: "post" });
        return;
      }
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

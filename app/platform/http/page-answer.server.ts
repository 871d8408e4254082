// Loaders' and actions' private answers, on top of page-answer.ts (docs/decisions/0037-one-page-answer-layer.md):
// the same `data` and `redirect` Remix gives, with Cache-Control: no-store set whatever else the caller sends.
import { data, redirect } from "@remix-run/cloudflare";
import { noStore } from "./page-answer";

type Init = number | ResponseInit;

function withNoStore(init: Init | undefined, fallbackStatus?: number): ResponseInit {
  const given = typeof init === "number" ? { status: init } : (init ?? {});
  const status = given.status ?? fallbackStatus;
  return { ...given, ...(status ? { status } : {}), headers: noStore(given.headers) };
}

/** `data(body, init)` that no cache keeps; `init` may be just the status. */
export function privateData<T>(body: T, init?: Init) {
  return data<T>(body, withNoStore(init));
}

/** `redirect(url, init)` that no cache keeps (302 unless `init` says otherwise, as Remix's). */
export function privateRedirect(url: string, init?: Init): Response {
  return redirect(url, withNoStore(init));
}

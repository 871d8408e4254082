// A stand-in for Windcave's REST host, shared by the adapter's unit tests and the workerd tests that drive it
// through the real D1 (the real host is unreachable from here; this is the one place a stand-in is right).
// The answers follow Windcave's own shapes: see the sources named in tests/unit/windcave-gateway.test.ts.
import { createWindcaveGateway } from "~/features/payments/windcave.server";

export const WINDCAVE_TEST_SETTINGS = {
  WINDCAVE_API_URL: "https://uat.windcave.com/api/v1/",
  WINDCAVE_API_USERNAME: "KiwiCompanions_Rest",
  WINDCAVE_API_KEY: "test-api-key",
};

export const SESSION_CREATED = {
  id: "Kdjc6dikdiodkdjsudjj53nr63uj6s42",
  state: "init",
  links: [
    {
      href: "https://uat.windcave.com/pxmi3/EF4054F622D6C4C1B5D0F260ED2B2C143C1EDCADD7A86374ED601212E11C409319CD439CC8082194B",
      rel: "hpp",
      method: "REDIRECT",
    },
  ],
  transactions: [{}],
  customerId: "32424324",
};

export function nzdTransaction(overrides: Record<string, unknown> = {}) {
  return {
    id: "00000006001763f9",
    authorised: true,
    reCo: "00",
    responseText: "APPROVED",
    type: "purchase",
    method: "card",
    dateTimeUtc: "2026-02-23T19:39:46Z",
    amount: "75.00",
    currency: "NZD",
    currencyNumeric: 554,
    merchantReference: "pay_01JD7FEATURED",
    card: { id: "0000060000987654", cardNumber: "411111........11", type: "visa" },
    storedCardIndicator: "recurringinitial",
    sessionId: "0000060000324512067bb17ae8bcbf49",
    ...overrides,
  };
}

export function nzdSession(transactions: unknown[]) {
  return {
    id: "0000060000324512067bb17ae8bcbf49",
    state: "complete",
    type: "purchase",
    amount: "75.00",
    currency: "NZD",
    currencyNumeric: 554,
    merchantReference: "pay_01JD7FEATURED",
    storeCard: true,
    transactions,
  };
}

export type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

export type Answer = { status: number; json?: unknown; text?: string };

/** A stand-in for Windcave's host: records each request and answers from `route` (which may wait, or throw). */
export function windcaveFetch(route: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  const fetchImpl = async (input: string, init?: RequestInit) => {
    const call: Call = {
      url: input,
      method: init?.method ?? "GET",
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = await route(call);
    const body = answer.text ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
    return new Response(answer.status === 204 ? null : body, {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetchImpl, calls };
}

/** The adapter, talking to the stand-in. */
export function fakeWindcave(route: (call: Call) => Answer | Promise<Answer>) {
  const { fetchImpl, calls } = windcaveFetch(route);
  return { gateway: createWindcaveGateway(WINDCAVE_TEST_SETTINGS, fetchImpl), calls, fetchImpl };
}

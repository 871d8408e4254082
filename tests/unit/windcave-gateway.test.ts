// The Windcave adapter against a stand-in `fetch`: the real host cannot be reached from here. The stand-in
// answers with Windcave's own response shapes, so what is tested is what the adapter sends and how it reads
// what comes back.
//
// Fixture sources (Windcave's REST reference, https://www.windcave.com/developer-e-commerce-api-rest, is not
// readable from here):
// - SESSION_COMPLETE_GBP is verbatim the recorded Windcave UAT answer to GET /api/v1/sessions/{id} in the
//   PatronBase/omnipay-windcave-hpp test suite
//   (https://github.com/PatronBase/omnipay-windcave-hpp/blob/13a57c4b/tests/Mock/CompletePurchaseSuccess.txt).
// - SESSION_CREATED (tests/windcave-stand-in.ts, with the stand-in itself) is verbatim the recorded answer to
//   POST /api/v1/sessions in the same suite
//   (https://github.com/PatronBase/omnipay-windcave-hpp/blob/64ea3cd7/tests/Mock/PurchaseSuccess.txt).
// - The NZD session follows a captured UAT answer published with a public integration (same fields, NZD,
//   currencyNumeric 554), with our own reference, amount and a stored card added.
import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "~/features/payments/gateway.server";
import { createWindcaveGateway, WindcaveGateway, WindcaveUnavailableError } from "~/features/payments/windcave.server";
import { fakeWindcave, nzdSession, nzdTransaction, SESSION_CREATED } from "../windcave-stand-in";

const SESSION_COMPLETE_GBP = {
  id: "session123",
  state: "complete",
  type: "purchase",
  amount: "20.00",
  currency: "GBP",
  currencyNumeric: 826,
  merchantReference: "merchantRef1234",
  methods: ["card", "paypal", "applepay", "googlepay", "klarna"],
  expires: "2025-08-20T21:45:26Z",
  callbackUrls: {
    approved: "http://www.example.com/return",
    declined: "http://www.example.com/decline",
    cancelled: "http://www.example.com/cancel",
  },
  notificationUrl: "http://www.example.com/notify",
  storeCard: false,
  clientType: "internet",
  links: [
    { href: "https://uat.windcave.com/api/v1/sessions/session123", rel: "self", method: "GET" },
    { href: "https://uat.windcave.com/api/v1/transactions/transaction123", rel: "transaction", method: "GET" },
  ],
  transactions: [
    {
      id: "transaction123",
      username: "merchant",
      authorised: true,
      allowRetry: false,
      retryIndicator: "",
      reCo: "00",
      responseText: "APPROVED",
      authCode: "019533",
      acquirer: { name: "Undefined", mid: "10000000", tid: "10001548", reCo: "00", responseText: "APPROVED" },
      type: "purchase",
      method: "card",
      localTimeZone: "UK_GMT",
      dateTimeUtc: "2025-08-17T22:06:51Z",
      dateTimeLocal: "2025-08-17T23:06:51+01:00",
      settlementDate: "2025-08-18",
      amount: "20.00",
      balanceAmount: "0.00",
      currency: "GBP",
      currencyNumeric: 826,
      clientType: "internet",
      merchantReference: "merchantRef123",
      card: {
        cardNumber2: "1111111111111111",
        cardHolderName: "WHPP",
        cardNumber: "411111......1111",
        dateExpiryMonth: "05",
        dateExpiryYear: "28",
        type: "visa",
      },
      cvc2ResultCode: "U",
      storedCardIndicator: "single",
      notificationUrl: "http://www.example.com/notify",
      sessionId: "session123",
      browser: {
        ipAddress: "192.168.1.1",
        userAgent:
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
      },
      isSurcharge: false,
      amountTotal: "20.00",
      liabilityIndicator: "standard",
      links: [
        { href: "https://uat.windcave.com/api/v1/transactions/transaction123", rel: "self", method: "GET" },
        { href: "https://uat.windcave.com/api/v1/sessions/session123", rel: "session", method: "GET" },
        { href: "https://uat.windcave.com/api/v1/transactions", rel: "refund", method: "POST" },
      ],
    },
  ],
};

const BASIC = `Basic ${btoa("KiwiCompanions_Rest:test-api-key")}`;

const checkout: CheckoutRequest = {
  reference: "pay_01JD7FEATURED",
  description: "Featured plan, 1 week",
  amountCents: 7500,
  currency: "NZD",
  returnUrl: "https://kiwicompanions.co.nz/subscriptions/return?payment=pay_01JD7FEATURED",
  cancelUrl: "https://kiwicompanions.co.nz/subscriptions",
  notifyUrl: "https://kiwicompanions.co.nz/api/payments/windcave",
  customerEmail: "owner@example.com",
  storeMethod: true,
  expiresAt: Date.parse("2026-11-26T01:00:00Z"),
};

const notification = (query: string, init?: RequestInit) =>
  new Request(`https://kiwicompanions.co.nz/api/payments/windcave${query}`, init);

describe("createWindcaveGateway", () => {
  it("refuses to start without its three settings", () => {
    expect(() => createWindcaveGateway({})).toThrow(/WINDCAVE_API_URL/);
    expect(() =>
      createWindcaveGateway({ WINDCAVE_API_URL: "https://sec.windcave.com/api/v1", WINDCAVE_API_USERNAME: "u" }),
    ).toThrow(/WINDCAVE_API_KEY/);
  });

  it("is a PaymentGateway named windcave", () => {
    const { gateway } = fakeWindcave(() => ({ status: 500 }));
    expect(gateway).toBeInstanceOf(WindcaveGateway);
    expect(gateway.name).toBe("windcave");
  });
});

describe("startCheckout", () => {
  it("creates a hosted payment page session in NZD and returns its redirect link", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 202, json: SESSION_CREATED }));

    const start = await gateway.startCheckout(checkout);

    expect(start).toEqual({ redirectUrl: SESSION_CREATED.links[0].href, providerRef: SESSION_CREATED.id });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("https://uat.windcave.com/api/v1/sessions");
    expect(call.headers.authorization).toBe(BASIC);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toEqual({
      type: "purchase",
      methods: ["card"],
      amount: "75.00",
      currency: "NZD",
      merchantReference: "pay_01JD7FEATURED",
      language: "en",
      storeCard: true,
      storedCardIndicator: "recurringinitial",
      callbackUrls: {
        approved: checkout.returnUrl,
        declined: checkout.returnUrl,
        cancelled: checkout.cancelUrl,
      },
      notificationUrl: checkout.notifyUrl,
      expires: "2026-11-26T01:00:00Z",
    });
  });

  it("sends nothing that names the listing or the payer", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 202, json: SESSION_CREATED }));
    await gateway.startCheckout(checkout);
    const sent = JSON.stringify(calls[0].body);
    expect(sent).not.toContain("owner@example.com");
    expect(sent).not.toContain("Featured plan");
  });

  it("asks for a one-off payment when no method is to be kept", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 202, json: SESSION_CREATED }));
    await gateway.startCheckout({ ...checkout, amountCents: 3500, storeMethod: false });
    expect(calls[0].body).toMatchObject({ amount: "35.00", storeCard: false, storedCardIndicator: "single" });
  });

  it("throws WindcaveUnavailableError when Windcave refuses the session, is down, or answers without a hosted page", async () => {
    await expect(fakeWindcave(() => ({ status: 401 })).gateway.startCheckout(checkout)).rejects.toThrow(/401/);
    await expect(fakeWindcave(() => ({ status: 503 })).gateway.startCheckout(checkout)).rejects.toBeInstanceOf(
      WindcaveUnavailableError,
    );
    await expect(
      fakeWindcave(() => ({ status: 202, json: { id: "x", links: [] } })).gateway.startCheckout(checkout),
    ).rejects.toThrow(/hosted page/);
    const down = createWindcaveGateway(
      { WINDCAVE_API_URL: "https://uat.windcave.com/api/v1", WINDCAVE_API_USERNAME: "u", WINDCAVE_API_KEY: "k" },
      async () => {
        throw new TypeError("network down");
      },
    );
    await expect(down.startCheckout(checkout)).rejects.toBeInstanceOf(WindcaveUnavailableError);
  });

  it("refuses a reference Windcave would cut", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 202, json: SESSION_CREATED }));
    await expect(gateway.startCheckout({ ...checkout, reference: "p".repeat(65) })).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });
});

describe("charge", () => {
  const renewal = {
    reference: "pay_01JD8RENEWAL",
    methodRef: "0000060000987654",
    amountCents: 1234,
    currency: "NZD" as const,
    description: "Prorated upgrade to Featured",
  };

  it("charges the stored card as a merchant-initiated purchase", async () => {
    const { gateway, calls } = fakeWindcave(() => ({
      status: 201,
      json: nzdTransaction({ id: "0000000600176400", amount: "12.34", merchantReference: renewal.reference }),
    }));

    expect(await gateway.charge(renewal)).toMatchObject({ status: "succeeded", providerRef: "0000000600176400" });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe("POST");
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/transactions");
    expect(calls[0].headers.authorization).toBe(BASIC);
    expect(calls[0].body).toEqual({
      type: "purchase",
      amount: "12.34",
      currency: "NZD",
      cardId: "0000060000987654",
      merchantReference: "pay_01JD8RENEWAL",
      storedCardIndicator: "recurringvariable",
    });
  });

  it("reports a decline with Windcave's reason", async () => {
    const { gateway } = fakeWindcave(() => ({
      status: 201,
      json: nzdTransaction({ authorised: false, reCo: "51", responseText: "DECLINED" }),
    }));
    expect(await gateway.charge(renewal)).toEqual({
      status: "failed",
      reason: "DECLINED",
      providerRef: "00000006001763f9",
    });
  });

  it("settles an approved charge from Windcave's answer: no notification follows a merchant-initiated charge", async () => {
    const { gateway } = fakeWindcave(() => ({
      status: 201,
      json: nzdTransaction({
        id: "0000000600176400",
        amount: "12.34",
        merchantReference: renewal.reference,
        storedCardIndicator: "recurringvariable",
      }),
    }));
    expect(await gateway.charge(renewal)).toEqual({
      status: "succeeded",
      providerRef: "0000000600176400",
      settled: {
        // The same event id a lookup of the transaction gives: settling twice is a duplicate, not a second charge.
        eventId: "windcave:0000000600176400",
        kind: "payment_succeeded",
        reference: renewal.reference,
        providerRef: "0000000600176400",
        amountCents: 1234,
        currency: "NZD",
        methodRef: "0000060000987654",
        occurredAt: Date.parse("2026-02-23T19:39:46Z"),
      },
    });
  });

  it("leaves an approval it cannot settle from (no time, another reference) to a lookup", async () => {
    for (const odd of [{ dateTimeUtc: undefined }, { merchantReference: "pay_someone_else" }]) {
      const { gateway } = fakeWindcave(() => ({
        status: 201,
        json: nzdTransaction({ id: "0000000600176400", amount: "12.34", merchantReference: renewal.reference, ...odd }),
      }));
      expect(await gateway.charge(renewal)).toEqual({ status: "pending", providerRef: "0000000600176400" });
    }
  });

  it("throws, never reports a decline, when Windcave refuses our credentials (a configuration slip is not a card's fault)", async () => {
    for (const status of [401, 403]) {
      await expect(fakeWindcave(() => ({ status })).gateway.charge(renewal)).rejects.toBeInstanceOf(
        WindcaveUnavailableError,
      );
    }
  });

  it("lookup reads a pending charge's transaction", async () => {
    const { gateway, calls } = fakeWindcave(() => ({
      status: 200,
      json: nzdTransaction({ id: "0000000600176401", amount: "12.34", merchantReference: renewal.reference }),
    }));
    expect(
      await gateway.lookup({ reference: renewal.reference, providerRef: "0000000600176401", kind: "renewal" }),
    ).toMatchObject({
      status: "settled",
      notification: { kind: "payment_succeeded", amountCents: 1234 },
    });
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/transactions/0000000600176401");
  });

  it("reports pending when Windcave has accepted the transaction but not decided yet (202)", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 202, json: { id: "0000000600176401", links: [] } }));
    expect(await gateway.charge(renewal)).toEqual({ status: "pending", providerRef: "0000000600176401" });
  });

  it("a 429 or any other 4xx is not a decline: nothing was charged and it is tried again later", async () => {
    for (const status of [429, 400, 409, 422]) {
      expect(await fakeWindcave(() => ({ status, json: { errors: [] } })).gateway.charge(renewal)).toEqual({
        status: "not_charged",
        reason: `Windcave did not take the charge (HTTP ${status})`,
      });
    }
  });

  it("only an answered transaction that was not authorised is a declined card", async () => {
    const declined = await fakeWindcave(() => ({
      status: 201,
      json: { id: "0000000a0b1c2d3e", authorised: false, responseText: "DECLINED" },
    })).gateway.charge(renewal);
    expect(declined).toEqual({ status: "failed", reason: "DECLINED", providerRef: "0000000a0b1c2d3e" });
  });

  it("throws, never reports failure, when the outcome is unknown (network down, 5xx): the card may be charged", async () => {
    await expect(fakeWindcave(() => ({ status: 502 })).gateway.charge(renewal)).rejects.toBeInstanceOf(
      WindcaveUnavailableError,
    );
    const down = createWindcaveGateway(
      { WINDCAVE_API_URL: "https://uat.windcave.com/api/v1", WINDCAVE_API_USERNAME: "u", WINDCAVE_API_KEY: "k" },
      async () => {
        throw new TypeError("network down");
      },
    );
    await expect(down.charge(renewal)).rejects.toBeInstanceOf(WindcaveUnavailableError);
  });

  it("resolves a pending charge by looking its transaction up", async () => {
    const { gateway, calls } = fakeWindcave(() => ({
      status: 200,
      json: nzdTransaction({ id: "0000000600176401", amount: "12.34", merchantReference: renewal.reference }),
    }));
    const result = await gateway.lookupById({ transactionId: "0000000600176401" });
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/transactions/0000000600176401");
    expect(result).toMatchObject({
      ok: true,
      notification: { kind: "payment_succeeded", amountCents: 1234, reference: "pay_01JD8RENEWAL" },
    });
  });

  it.each([
    [1, "0.01"],
    [10, "0.10"],
    [3500, "35.00"],
    [7500, "75.00"],
    [123456, "1234.56"],
  ])("sends %i cents as %s", async (amountCents, amount) => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 201, json: nzdTransaction() }));
    await gateway.charge({ ...renewal, amountCents });
    expect(calls[0].body).toMatchObject({ amount });
  });
});

describe("verifyNotification", () => {
  it("asks Windcave nothing about an id no payment of ours holds", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: SESSION_COMPLETE_GBP }));
    const asked: string[] = [];
    const result = await gateway.verifyNotification(notification("?sessionId=session123"), async (id) => {
      asked.push(id);
      return false;
    });
    expect(result).toEqual({ ok: false, status: 404, error: "No payment of ours has this id" });
    expect(asked).toEqual(["session123"]);
    expect(calls).toHaveLength(0);
    const known = await gateway.verifyNotification(notification("?sessionId=session123"), async () => true);
    expect(known.ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("reads the outcome from Windcave, not from the notification (the recorded session answer)", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: SESSION_COMPLETE_GBP }));

    const result = await gateway.verifyNotification(notification("?sessionId=session123"));

    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe("GET");
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/sessions/session123");
    expect(calls[0].headers.authorization).toBe(BASIC);
    expect(result).toEqual({
      ok: true,
      notification: {
        eventId: "windcave:transaction123",
        kind: "payment_succeeded",
        reference: "merchantRef123",
        providerRef: "transaction123",
        amountCents: 2000,
        // Passed on as sent: the caller refuses a currency other than the plan's.
        currency: "GBP",
        occurredAt: Date.parse("2025-08-17T22:06:51Z"),
      },
    });
  });

  it("gives the stored card and the exact NZD amount of an approved checkout", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 200, json: nzdSession([nzdTransaction()]) }));
    const result = await gateway.verifyNotification(
      notification("?sessionId=0000060000324512067bb17ae8bcbf49", { method: "POST" }),
    );
    expect(result).toEqual({
      ok: true,
      notification: {
        eventId: "windcave:00000006001763f9",
        kind: "payment_succeeded",
        reference: "pay_01JD7FEATURED",
        providerRef: "00000006001763f9",
        amountCents: 7500,
        currency: "NZD",
        methodRef: "0000060000987654",
        occurredAt: Date.parse("2026-02-23T19:39:46Z"),
      },
    });
  });

  it("reads the session id from a form-encoded POST body", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: SESSION_COMPLETE_GBP }));
    const result = await gateway.verifyNotification(
      notification("", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "sessionId=session123",
      }),
    );
    expect(result.ok).toBe(true);
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/sessions/session123");
  });

  it("looks up a merchant-initiated transaction by its id", async () => {
    const { gateway, calls } = fakeWindcave(() => ({
      status: 200,
      json: nzdTransaction({ id: "0000000600176400", amount: "35.00", storedCardIndicator: "recurringvariable" }),
    }));
    const result = await gateway.verifyNotification(notification("?transactionId=0000000600176400"));
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/transactions/0000000600176400");
    expect(result).toMatchObject({
      ok: true,
      notification: { amountCents: 3500, eventId: "windcave:0000000600176400" },
    });
  });

  it("reports a declined checkout as payment_failed", async () => {
    const declined = nzdTransaction({ authorised: false, reCo: "51", responseText: "DECLINED", card: undefined });
    const { gateway } = fakeWindcave(() => ({ status: 200, json: nzdSession([declined]) }));
    const result = await gateway.verifyNotification(notification("?sessionId=0000060000324512067bb17ae8bcbf49"));
    expect(result).toMatchObject({ ok: true, notification: { kind: "payment_failed", amountCents: 7500 } });
    expect(result.ok && result.notification.methodRef).toBeFalsy();
  });

  it("takes the approved attempt when a session holds a decline and then an approval", async () => {
    const first = nzdTransaction({ id: "0000000600000001", authorised: false, responseText: "DECLINED" });
    const second = nzdTransaction({ id: "0000000600000002" });
    const { gateway } = fakeWindcave(() => ({ status: 200, json: nzdSession([first, second]) }));
    const result = await gateway.verifyNotification(notification("?sessionId=0000060000324512067bb17ae8bcbf49"));
    expect(result).toMatchObject({
      ok: true,
      notification: { kind: "payment_succeeded", providerRef: "0000000600000002" },
    });
  });

  it("reports a refund as refund_succeeded", async () => {
    const { gateway } = fakeWindcave(() => ({
      status: 200,
      json: nzdTransaction({ id: "0000000600176499", type: "refund", amount: "35.00" }),
    }));
    const result = await gateway.verifyNotification(notification("?transactionId=0000000600176499"));
    expect(result).toMatchObject({ ok: true, notification: { kind: "refund_succeeded", amountCents: 3500 } });
  });

  it("refuses a forged session id that Windcave does not know", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 404, json: { errors: [{ message: "not found" }] } }));
    expect(await gateway.verifyNotification(notification("?sessionId=ForgedSession0000000000000000000"))).toEqual({
      ok: false,
      status: 401,
      error: "Windcave does not know this payment",
    });
  });

  it("ignores a tampered amount or outcome in the notification: only Windcave's answer counts", async () => {
    const declined = nzdTransaction({ authorised: false, responseText: "DECLINED" });
    const { gateway } = fakeWindcave(() => ({ status: 200, json: nzdSession([declined]) }));
    const result = await gateway.verifyNotification(
      notification("?sessionId=0000060000324512067bb17ae8bcbf49&amount=0.01&authorised=true&currency=NZD", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ amount: "0.01", authorised: true }),
      }),
    );
    expect(result).toMatchObject({ ok: true, notification: { kind: "payment_failed", amountCents: 7500 } });
  });

  it("gives a replayed notification the same event id, so the caller's idempotency makes it a no-op", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 200, json: SESSION_COMPLETE_GBP }));
    const first = await gateway.verifyNotification(notification("?sessionId=session123"));
    const again = await gateway.verifyNotification(notification("?sessionId=session123"));
    expect(first).toEqual(again);
  });

  it("refuses a session Windcave answers for under another id", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 200, json: { ...SESSION_COMPLETE_GBP, id: "otherSession" } }));
    expect(await gateway.verifyNotification(notification("?sessionId=session123"))).toEqual({
      ok: false,
      status: 400,
      error: "Windcave answered for another session",
    });
  });

  it("refuses a session with no outcome yet", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 200, json: { ...SESSION_CREATED, transactions: [{}] } }));
    expect(await gateway.verifyNotification(notification(`?sessionId=${SESSION_CREATED.id}`))).toEqual({
      ok: false,
      status: 400,
      error: "The payment has no outcome yet",
    });
  });

  it.each([
    ["no id at all", notification("")],
    ["an id with path characters", notification("?sessionId=..%2Ftransactions%2Fx")],
    ["an id far too long", notification(`?sessionId=${"a".repeat(65)}`)],
    [
      "a JSON body that is not JSON",
      notification("", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" }),
    ],
    [
      "a JSON body that is an array",
      notification("", { method: "POST", headers: { "Content-Type": "application/json" }, body: "[1,2]" }),
    ],
    [
      "an oversized body",
      notification("", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `sessionId=${"a".repeat(5000)}`,
      }),
    ],
  ])("answers 400 without asking Windcave for %s", async (_name, request) => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: SESSION_COMPLETE_GBP }));
    const result = await gateway.verifyNotification(request);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["an answer that is not JSON", { status: 200, text: "<html>oops</html>" }],
    ["an amount that is not a decimal", { status: 200, json: nzdSession([nzdTransaction({ amount: "75.001" })]) }],
    [
      "a transaction with no reference",
      {
        status: 200,
        json: { ...nzdSession([nzdTransaction({ merchantReference: undefined })]), merchantReference: undefined },
      },
    ],
    ["a transaction with no time", { status: 200, json: nzdSession([nzdTransaction({ dateTimeUtc: "yesterday" })]) }],
  ])("answers 400, never throws, for %s", async (_name, answer) => {
    const { gateway } = fakeWindcave(() => answer);
    const result = await gateway.verifyNotification(notification("?sessionId=0000060000324512067bb17ae8bcbf49"));
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it("throws WindcaveUnavailableError when Windcave is down, so the route answers 5xx and Windcave retries", async () => {
    const { gateway } = fakeWindcave(() => ({ status: 503 }));
    await expect(gateway.verifyNotification(notification("?sessionId=session123"))).rejects.toBeInstanceOf(
      WindcaveUnavailableError,
    );
  });
});

describe("lookup (a payment of ours, settled or left open)", () => {
  const NOW = Date.parse("2026-02-24T00:00:00Z");
  const session = (o: Record<string, unknown>) => ({ ...nzdSession([]), ...o });
  const checkoutOf = (providerRef: string | null) =>
    ({ reference: "pay_01JD7FEATURED", providerRef, kind: "checkout" }) as const;

  it("a paid session is settled, from GET /sessions/{id}", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: nzdSession([nzdTransaction()]) }));
    const result = await gateway.lookup(checkoutOf("0000060000324512067bb17ae8bcbf49"), NOW);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET https://uat.windcave.com/api/v1/sessions/0000060000324512067bb17ae8bcbf49",
    ]);
    expect(result).toMatchObject({
      status: "settled",
      notification: { kind: "payment_succeeded", amountCents: 7500, currency: "NZD", reference: "pay_01JD7FEATURED" },
    });
  });

  it("a declined session is declined", async () => {
    const { gateway } = fakeWindcave(() => ({
      status: 200,
      json: nzdSession([nzdTransaction({ authorised: false, responseText: "DECLINED" })]),
    }));
    expect(await gateway.lookup(checkoutOf("0000060000324512067bb17ae8bcbf49"), NOW)).toMatchObject({
      status: "declined",
      notification: { kind: "payment_failed" },
    });
  });

  it("an unpaid session is pending until it expires, then none; with no expiry given, none", async () => {
    const ref = "0000060000324512067bb17ae8bcbf49";
    const live = fakeWindcave(() => ({
      status: 200,
      json: session({ state: "init", expires: "2026-02-25T00:00:00Z" }),
    }));
    expect(await live.gateway.lookup(checkoutOf(ref), NOW)).toEqual({ status: "pending" });
    const expired = fakeWindcave(() => ({
      status: 200,
      json: session({ state: "init", expires: "2026-02-23T00:00:00Z" }),
    }));
    expect(await expired.gateway.lookup(checkoutOf(ref), NOW)).toEqual({ status: "none" });
    const noExpiry = fakeWindcave(() => ({ status: 200, json: session({ state: "init" }) }));
    expect(await noExpiry.gateway.lookup(checkoutOf(ref), NOW)).toEqual({ status: "none" });
  });

  it("a session Windcave does not know is none; a checkout that never got a session is none without asking", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 404, json: { errors: [] } }));
    expect(await gateway.lookup(checkoutOf("0000060000324512067bb17ae8bcbf49"), NOW)).toEqual({ status: "none" });
    expect(await gateway.lookup(checkoutOf(null), NOW)).toEqual({ status: "none" });
    expect(calls).toHaveLength(1);
  });

  it("Windcave unreachable, 5xx or refusing our credentials: unknown, never thrown", async () => {
    for (const route of [
      () => {
        throw new TypeError("network down");
      },
      () => ({ status: 503 }),
      () => ({ status: 401 }),
    ]) {
      const { gateway } = fakeWindcave(route);
      expect(await gateway.lookup(checkoutOf("0000060000324512067bb17ae8bcbf49"), NOW)).toMatchObject({
        status: "unknown",
      });
    }
  });

  it("an answer about another reference settles nothing", async () => {
    const { gateway } = fakeWindcave(() => ({
      status: 200,
      json: nzdSession([nzdTransaction({ merchantReference: "pay_SOMEONEELSE" })]),
    }));
    expect(await gateway.lookup(checkoutOf("0000060000324512067bb17ae8bcbf49"), NOW)).toMatchObject({
      status: "unknown",
    });
  });

  it("a stored-card charge whose answer was lost (no transaction id) is unknown, and Windcave is not asked", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200, json: nzdTransaction() }));
    expect(await gateway.lookup({ reference: "pay_01JD8RENEWAL", providerRef: null, kind: "renewal" }, NOW)).toEqual({
      status: "unknown",
      reason: "Windcave has no lookup of a stored-card charge by our reference",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("refund", () => {
  const request = {
    reference: "pay_01JD7FEATURED",
    providerRef: "0000000a0b1c2d3e",
    amountCents: 3500,
    currency: "NZD",
  } as const;

  it("refunds the transaction that took the money, for its amount", async () => {
    const { gateway, calls } = fakeWindcave(() => ({
      status: 201,
      json: { id: "0000000f0e0d0c0b", authorised: true, type: "refund" },
    }));
    expect(await gateway.refund(request)).toEqual({ status: "succeeded", providerRef: "0000000f0e0d0c0b" });
    expect(calls[0].method).toBe("POST");
    expect(calls[0].url).toBe("https://uat.windcave.com/api/v1/transactions");
    expect(calls[0].body).toEqual({
      type: "refund",
      amount: "35.00",
      currency: "NZD",
      transactionId: "0000000a0b1c2d3e",
      merchantReference: "pay_01JD7FEATURED",
    });
  });

  it("a refusal is for an administrator; throttling and outages are tried again", async () => {
    const refused = fakeWindcave(() => ({ status: 201, json: { id: "x1", authorised: false, responseText: "NO" } }));
    expect(await refused.gateway.refund(request)).toEqual({ status: "failed", reason: "NO" });
    for (const status of [429, 500, 503]) {
      await expect(fakeWindcave(() => ({ status })).gateway.refund(request)).rejects.toBeInstanceOf(
        WindcaveUnavailableError,
      );
    }
  });

  it("cannot cancel a hosted page: it runs out at the expiry sent with it", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200 }));
    expect(await gateway.cancelCheckout("session123")).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe("cancel", () => {
  it("sends nothing: Windcave only ever charges when we ask it to", async () => {
    const { gateway, calls } = fakeWindcave(() => ({ status: 200 }));
    await gateway.cancel("0000060000987654");
    expect(calls).toHaveLength(0);
  });
});

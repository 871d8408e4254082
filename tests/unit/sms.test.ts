// The SMS path's production send (app/platform/sms/sms.server.ts): a provider that never answers makes the
// send fail after the timeout, instead of leaving the visitor's form or the provider's answer waiting; what is
// logged names the failure, never the number or the text.
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendSms } from "~/platform/sms/sms.server";
import type { SmsEnv } from "~/platform/sms/sms.server";

const production = {
  APP_ENV: "production",
  SMS_API_URL: "https://sms.example/Messages.json",
  SMS_API_USERNAME: "AC1",
  SMS_API_KEY: "sms-secret",
  SMS_FROM: "+6421000000",
} as unknown as SmsEnv;

afterEach(() => vi.restoreAllMocks());

/** A provider that holds every request open until its caller gives up. */
const silent: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));

describe("sendSms in production", () => {
  it("gives up on a provider that does not answer, and logs neither the number nor the text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const sent = await sendSms(production, { to: "+64215550199", text: "123456 is your code." }, silent, 50);
    expect(sent).toBe(false);
    expect(log).toHaveBeenCalledWith("sms: send failed", "TimeoutError");
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/0199|123456/);
  });

  it("posts To, From and Body to the provider and reports its answer", async () => {
    const calls: { url: string; body: string }[] = [];
    const ok: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), body: String(init?.body) });
      return new Response("{}", { status: 201 });
    };
    expect(await sendSms(production, { to: "+64215550199", text: "Hi" }, ok)).toBe(true);
    expect(calls).toEqual([{ url: production.SMS_API_URL, body: "To=%2B64215550199&From=%2B6421000000&Body=Hi" }]);
  });
});

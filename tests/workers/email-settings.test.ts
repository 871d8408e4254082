// Production without its e-mail settings fails loudly (docs/accounts.md, 'E-mail'): the flows that cannot work
// without mail (sign-up, a reset request, a change of address) answer 503 and write nothing, instead of
// answering as if a link had gone out; and the Worker says what is missing in one line when it starts.
// Development keeps every message in the outbox, as the other tests show.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_UNAVAILABLE_MSG } from "~/platform/email/email.server";
import { newId } from "~/platform/data/ids";
import { deploymentProblems, reportDeploymentProblems } from "../../workers/deploy-settings";
import { WINDCAVE_TEST_SETTINGS } from "../windcave-stand-in";
import { count, createAccount } from "./auth-fixtures";
import { logIn } from "./client";
import { inProduction, production } from "./deployed";
import { backgroundWorkDone } from "./background";

afterEach(async () => {
  vi.restoreAllMocks();
  await backgroundWorkDone();
});

const MAIL = {
  EMAIL_API_URL: "https://mail.example/emails",
  EMAIL_API_KEY: "test-key",
  EMAIL_FROM: "Kiwi Companions <no-reply@kiwicompanions.co.nz>",
};
/** What a deploy that never set the e-mail settings runs: wrangler.toml's vars and the secrets it was given. */
const withoutMail = production;

const json = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const signupFields = (email: string) => ({
  accountType: "unpaid",
  agency: "false",
  firstName: "Aroha",
  lastName: "Ngata",
  email,
  password: "a long fresh password 8",
});

describe("production without the e-mail settings", () => {
  it("sign-up answers 503, by the API and the form, and makes no account", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const email = `new-${newId()}@test.nz`;
    const api = await inProduction(withoutMail, "/api/users/signup", json(signupFields(email)));
    expect(api.status).toBe(503);
    expect(JSON.parse(api.text)).toEqual({ error: EMAIL_UNAVAILABLE_MSG });
    const page = await inProduction(
      withoutMail,
      "/login?action=signup",
      form({ intent: "signup", ...signupFields(email) }),
    );
    expect(page.status).toBe(503);
    expect(page.text).toContain(EMAIL_UNAVAILABLE_MSG);
    expect(await count("users", "email = ?", email)).toBe(0);
    expect(await count("email_confirmations")).toBe(0);
  });

  it("a reset request answers 503, by the API and the form, for any address, and issues no link", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const owner = await createAccount();
    for (const email of [owner.email, `nobody-${newId()}@test.nz`]) {
      const api = await inProduction(withoutMail, "/api/auth/request-password-reset", json({ email }));
      expect(api.status, email).toBe(503);
      expect(JSON.parse(api.text)).toEqual({ error: EMAIL_UNAVAILABLE_MSG });
      const page = await inProduction(withoutMail, "/login?action=reset", form({ intent: "reset", email }));
      expect(page.status, email).toBe(503);
      expect(page.text).toContain(EMAIL_UNAVAILABLE_MSG);
    }
    expect(await count("password_resets")).toBe(0);
  });

  it("a change of address answers 503 beside the form, before the password is tried, and stores nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const owner = await createAccount();
    // A session as production names its cookie.
    const session = (await logIn(owner.email)).replace(/^session=/, "__Host-session=");
    const res = await inProduction(withoutMail, "/managesub", {
      ...form({ intent: "changeEmail", newEmail: `new-${newId()}@test.nz`, currentPassword: "not my password" }),
      cookie: session,
    });
    expect(res.status).toBe(503);
    expect(res.text).toContain(EMAIL_UNAVAILABLE_MSG);
    expect(await count("email_changes")).toBe(0);
    expect(await count("login_throttle")).toBe(0);
  });

  it("with all three settings, sign-up answers 201 and the link goes to the e-mail service", async () => {
    const sent: { url: string; body: string }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push({ url: String(input), body: String(init?.body) });
      return Response.json({ id: "sent" });
    });
    const email = `new-${newId()}@test.nz`;
    const res = await inProduction({ ...withoutMail, ...MAIL }, "/api/users/signup", json(signupFields(email)));
    expect(res.status).toBe(201);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(MAIL.EMAIL_API_URL);
    expect(JSON.parse(sent[0].body)).toMatchObject({ to: [email], subject: expect.stringContaining("Confirm") });
    expect(await count("users", "email = ?", email)).toBe(1);
  });
});

describe("the line at start", () => {
  it("names the missing e-mail settings and what answers 503 without them; says nothing once they are set", () => {
    const [mail] = deploymentProblems(withoutMail).filter((p) => p.includes("EMAIL_"));
    expect(mail).toBe(
      "e-mail is off (EMAIL_API_URL, EMAIL_FROM, EMAIL_API_KEY not set): sign-up, password resets and changes of e-mail address answer 503",
    );
    expect(deploymentProblems({ ...withoutMail, EMAIL_API_KEY: "k" }).find((p) => p.includes("EMAIL_"))).toContain(
      "(EMAIL_API_URL, EMAIL_FROM not set)",
    );
    expect(deploymentProblems({ ...withoutMail, ...MAIL }).some((p) => p.includes("EMAIL_"))).toBe(false);
    // Development keeps mail in the outbox: nothing is missing.
    expect(deploymentProblems(env)).toEqual([]);
  });

  it("names the payments' settings too: Windcave's, and wrangler.toml's placeholder GST number", () => {
    const problems = deploymentProblems(withoutMail);
    expect(problems).toContain(
      "Windcave's settings (WINDCAVE_API_URL, WINDCAVE_API_USERNAME, WINDCAVE_API_KEY) are not all set: checkout answers 503 and the cron charges nothing",
    );
    expect(problems).toContain(
      "BILLING_GST_NUMBER is still the placeholder 000-000-000: checkout answers 503, the cron charges nothing and no receipt is mailed",
    );
    const ready = deploymentProblems({
      ...withoutMail,
      ...MAIL,
      ...WINDCAVE_TEST_SETTINGS,
      BILLING_GST_NUMBER: "49-091-850",
      SMS_API_URL: "https://sms.example/Messages.json",
      SMS_API_USERNAME: "AC1",
      SMS_API_KEY: "k",
      SMS_FROM: "+6421000000",
    });
    // The workers tests give the sealing, Safety Net, visitor and bookings keys: a deployment with everything set
    // says nothing.
    expect(ready).toEqual([]);
    expect(deploymentProblems({ ...withoutMail, VISITOR_KEY: undefined } as unknown as Env)).toContain(
      "VISITOR_KEY is not set: likes and contact taps answer 503, and nothing is counted",
    );
  });

  it("is logged once per isolate, on its first request, one line per problem", () => {
    const lines: string[] = [];
    const isolate = { reported: false };
    reportDeploymentProblems(withoutMail, isolate, (line) => lines.push(line));
    reportDeploymentProblems(withoutMail, isolate, (line) => lines.push(line));
    expect(lines.filter((l) => l.includes("EMAIL_"))).toHaveLength(1);
    expect(lines.every((l) => l.startsWith("settings: "))).toBe(true);
  });
});

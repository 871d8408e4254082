// Every redirect that takes its target from the request (login, the age gate, the administrators' card
// forms) stays on this site, with and without JavaScript, for the inputs that passed the old guards.
import { describe, expect, it } from "vitest";
import { cast, listingOf, request } from "./admin-fixtures";
import { createAccount, newIp, PASSWORD, postForm } from "./auth-fixtures";

const EVIL = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/\t/evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
];

function expectOnSite(location: string | null, input: string) {
  expect(location, input).not.toBeNull();
  expect(new URL(location!, "https://kiwi.example/a/b").origin, `${JSON.stringify(input)} -> ${location}`).toBe(
    "https://kiwi.example",
  );
  expect(location!.startsWith("//"), input).toBe(false);
}

describe("redirect targets from the request never leave the site", () => {
  it("login, by form (no JavaScript) and by query string", async () => {
    const { email } = await createAccount();
    for (const evil of EVIL) {
      const byForm = await postForm(
        "/login",
        { intent: "login", email, password: PASSWORD, redirectTo: evil },
        { ip: newIp() },
      );
      expect(byForm.status).toBe(302);
      expect(byForm.headers.get("Location"), evil).toBe("/dashboard");
      const byQuery = await postForm(
        `/login?redirectTo=${encodeURIComponent(evil)}`,
        { intent: "login", email, password: PASSWORD },
        { ip: newIp() },
      );
      expect(byQuery.headers.get("Location"), evil).toBe("/dashboard");
    }
  });

  it("the age gate's no-JavaScript form", async () => {
    for (const evil of EVIL) {
      const res = await postForm("/age-verification", { returnTo: evil }, { ip: newIp() });
      expect(res.status).toBe(302);
      expectOnSite(res.headers.get("Location"), evil);
      expect(res.headers.get("Location")).toBe("/");
    }
    const ok = await postForm("/age-verification", { returnTo: "/locations/Auckland?age=18-24" }, { ip: newIp() });
    expect(ok.headers.get("Location")).toBe("/locations/Auckland?age=18-24");
  });

  it("the administrators' card actions without JavaScript", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: true, verified: true });
    for (const evil of EVIL) {
      const res = await request("POST", "/admin/listing-actions", {
        cookie: admin.cookie,
        body: new URLSearchParams({ intent: "unhot", modelId: id, returnTo: evil }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.status, evil).toBe(303);
      expect(res.headers.get("Location"), evil).toBe("/");
    }
  });
});

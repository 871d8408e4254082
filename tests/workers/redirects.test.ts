// Every redirect that takes its target from the request (login, the age gate, the administrators' card
// forms) stays on this site, with and without JavaScript, for the inputs that passed the old guards.
import { describe, expect, it } from "vitest";
import { listingOf } from "./admin-fixtures";
import { createAccount, PASSWORD } from "./auth-fixtures";
import { cast, client } from "./client";

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
      const byForm = await client().post("/login", {
        form: { intent: "login", email, password: PASSWORD, redirectTo: evil },
      });
      expect(byForm.status).toBe(302);
      expect(byForm.headers.get("Location"), evil).toBe("/dashboard");
      const byQuery = await client().post(`/login?redirectTo=${encodeURIComponent(evil)}`, {
        form: { intent: "login", email, password: PASSWORD },
      });
      expect(byQuery.headers.get("Location"), evil).toBe("/dashboard");
    }
  });

  it("the age gate's no-JavaScript form", async () => {
    for (const evil of EVIL) {
      const res = await client().post("/age-verification", { form: { returnTo: evil } });
      expect(res.status).toBe(302);
      expectOnSite(res.headers.get("Location"), evil);
      expect(res.headers.get("Location")).toBe("/");
    }
    const ok = await client().post("/age-verification", { form: { returnTo: "/locations/Auckland?age=18-24" } });
    expect(ok.headers.get("Location")).toBe("/locations/Auckland?age=18-24");
  });

  it("the administrators' card actions without JavaScript", async () => {
    const { admin, provider } = await cast();
    const id = await listingOf(provider, { live: true, verified: true });
    for (const evil of EVIL) {
      const res = await admin.client.post("/admin/listing-actions", {
        form: { intent: "unhot", listingId: id, returnTo: evil },
      });
      expect(res.status, evil).toBe(303);
      expect(res.headers.get("Location"), evil).toBe("/");
    }
  });
});

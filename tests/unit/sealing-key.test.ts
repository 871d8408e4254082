// The sealing key is named for what it seals (SEALING_KEY) and a deployment that set its first name,
// TWO_FACTOR_KEY, keeps working: docs/decisions/0038-sealing-key.md.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";
import { hasSealingKey, openSecret, sealSecret } from "~/platform/crypto/sealing-key.server";

const KEY = btoa("sealing-key-fixture-32-bytes-ok!");
const OTHER = btoa("another-key-of-exactly-32-bytes!");
// Sealed under KEY, set as TWO_FACTOR_KEY, by the code as it was before the rename: a user's TOTP secret and a
// D1 bookmark cookie (app/platform/data/d1-session.server.ts binds "d1-bookmark").
const TOTP_BEFORE = "v1.19vFAjyLHZyhGLLW.3Z8BDXskb9EJMUwisj-hEUjcXAWQ3gBNKw0gXT_SmiM";
const BOOKMARK_BEFORE = "v1.Jdw9YumCbgGq24QX.rTcNQpotaJrUBhzVtQbT_wipBiCvcf_u4ytbjF0zBQhDB2Ibbr3UJK3YoD-81D3cBdAV";

describe("the sealing key", () => {
  it("works under its old name only, as deployments from before set it", async () => {
    const env = { TWO_FACTOR_KEY: KEY };
    expect(hasSealingKey(env)).toBe(true);
    expect(await openSecret(env, "user-a", await sealSecret(env, "user-a", "JBSWY3DPEHPK3PXP"))).toBe(
      "JBSWY3DPEHPK3PXP",
    );
  });

  it("works under its new name only", async () => {
    const env = { SEALING_KEY: KEY };
    expect(hasSealingKey(env)).toBe(true);
    expect(await openSecret(env, "user-a", await sealSecret(env, "user-a", "JBSWY3DPEHPK3PXP"))).toBe(
      "JBSWY3DPEHPK3PXP",
    );
  });

  it("reads the new name first when both are set", async () => {
    const sealed = await sealSecret({ SEALING_KEY: KEY, TWO_FACTOR_KEY: OTHER }, "user-a", "secret");
    expect(await openSecret({ SEALING_KEY: KEY }, "user-a", sealed)).toBe("secret");
    await expect(openSecret({ TWO_FACTOR_KEY: OTHER }, "user-a", sealed)).rejects.toThrow(/does not open/);
    // An empty new name is not set: the old one is read.
    expect(hasSealingKey({ SEALING_KEY: "", TWO_FACTOR_KEY: KEY })).toBe(true);
  });

  it("opens what was sealed before the rename, under either name", async () => {
    for (const env of [{ TWO_FACTOR_KEY: KEY }, { SEALING_KEY: KEY }, { SEALING_KEY: KEY, TWO_FACTOR_KEY: OTHER }]) {
      expect(await openSecret(env, "user-before", TOTP_BEFORE)).toBe("JBSWY3DPEHPK3PXP");
      expect(await openSecret(env, "d1-bookmark", BOOKMARK_BEFORE)).toBe("00000001-00000002-00004f3d-bookmark");
    }
    // Still bound: a bookmark never opens as a user's secret.
    await expect(openSecret({ SEALING_KEY: KEY }, "user-before", BOOKMARK_BEFORE)).rejects.toThrow(/does not open/);
  });

  it("refuses clearly without a usable key", async () => {
    expect(hasSealingKey({})).toBe(false);
    expect(hasSealingKey({ SEALING_KEY: btoa("short") })).toBe(false);
    await expect(sealSecret({}, "user-a", "x")).rejects.toThrow(/SEALING_KEY is not set/);
    await expect(sealSecret({ SEALING_KEY: btoa("short") }, "user-a", "x")).rejects.toThrow(/32 bytes/);
    await expect(openSecret({ SEALING_KEY: KEY }, "user-a", "v2.junk")).rejects.toThrow(/format/);
  });
});

describe(".dev.vars", () => {
  const file = () => path.join(mkdtempSync(path.join(tmpdir(), "dev-vars-")), ".dev.vars");

  it("gets a SEALING_KEY in a new checkout", () => {
    const f = file();
    ensureDevVars(f);
    expect(readFileSync(f, "utf8")).toMatch(/^SEALING_KEY = "[A-Za-z0-9+/]{43}="$/m);
    expect(readFileSync(f, "utf8")).not.toContain("TWO_FACTOR_KEY");
  });

  it("keeps the TWO_FACTOR_KEY of a checkout from before, so its seeded database still opens", () => {
    const f = file();
    const before = `APP_ENV = "development"\nTWO_FACTOR_KEY = "${KEY}"\nSAFETY_NET_KEY = "${OTHER}"\nVISITOR_KEY = "${OTHER}"\nBOOKINGS_KEY = "${OTHER}"\n`;
    writeFileSync(f, before);
    ensureDevVars(f);
    expect(readFileSync(f, "utf8")).toBe(before);
  });

  it("gets a VISITOR_KEY when it has none, keeping the rest as it was", () => {
    const f = file();
    writeFileSync(f, `APP_ENV = "development"\nSEALING_KEY = "${KEY}"\nSAFETY_NET_KEY = "${OTHER}"\n`);
    ensureDevVars(f);
    const text = readFileSync(f, "utf8");
    expect(text.startsWith(`APP_ENV = "development"\nSEALING_KEY = "${KEY}"\nSAFETY_NET_KEY = "${OTHER}"\n`)).toBe(
      true,
    );
    expect(text).toMatch(/^VISITOR_KEY = "[A-Za-z0-9+/]{43}="$/m);
  });

  it("gets a BOOKINGS_KEY when it has none (booking requests' hashes and sealed texts)", () => {
    const f = file();
    writeFileSync(f, `APP_ENV = "development"\nSEALING_KEY = "${KEY}"\n`);
    ensureDevVars(f);
    expect(readFileSync(f, "utf8")).toMatch(/^BOOKINGS_KEY = "[A-Za-z0-9+/]{43}="$/m);
  });
});

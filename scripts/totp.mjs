#!/usr/bin/env node
// `npm run totp`: the demo administrator's current two-factor code, so a local sign-in needs no phone.
// `npm run totp -- SECRET` prints the code for any base32 secret (one you set up on a local account).
// Uses otpauth with the app's settings: RFC 6238, 30-second steps, 6 digits, SHA-1.
import { TOTP, Secret } from "otpauth";
import { bundleAndImport } from "./bundle.mjs";

const given = process.argv[2];
const secret =
  given ?? (await bundleAndImport("drizzle/seed/demo-accounts.ts", "demo-accounts")).DEMO_ADMIN_TOTP_SECRET;
let totp;
try {
  totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s/g, "")) });
} catch {
  console.error(`Not a base32 secret: ${secret}`);
  process.exit(2);
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(totp.generate());
console.error(
  `(${given ? "that secret" : "admin@demo.test"}: valid for ${left} more seconds, and accepted for 30 after that)`,
);

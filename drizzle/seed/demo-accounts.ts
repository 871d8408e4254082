// The fixed demo logins created by `npm run db:seed` (and so by `npm start` on a first run).
// Tests and scripts/start.mjs import these; nothing else should spell them out.
export type DemoRole = "admin" | "independent" | "agency";

export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", password: "demo-admin-2025", role: "admin", firstName: "Admin" },
  { email: "independent@demo.test", password: "demo-indie-2025", role: "independent", firstName: "Ruby" },
  { email: "agency@demo.test", password: "demo-agency-2025", role: "agency", firstName: "Harbour Agency" },
] as const satisfies readonly { email: string; password: string; role: DemoRole; firstName: string }[];

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * The demo administrator signs in with two-factor (administrators must): this fixed TOTP secret (base32,
 * 30 s, 6 digits, SHA-1) is documented in the README so that `npm run totp` prints the current code, or
 * any authenticator app can be given it. Demo data only: never a real account's secret.
 */
export const DEMO_ADMIN_TOTP_SECRET = "KIWIDEMOADMINTOTPSECRETNZTWOFAQQ";

export function demoAccount(role: DemoRole): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account with role ${role}`);
  return account;
}

/** Listings the demo providers own (the rest of the seed belongs to generated Independents). */
export const DEMO_LISTING_COUNTS = { independent: 1, agency: 4 } as const;

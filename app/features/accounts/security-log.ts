// The account-security log's events, labels and retention, and the two coarse facts kept about where a
// request came from. No IP address is kept, not even truncated: the city and the device say enough for an
// owner to spot a sign-in that was not theirs, and an IP would help whoever reads a leaked copy track them.

// Each label says exactly what happened: how someone signed in, what they got wrong, who removed a listing.
export const SECURITY_EVENTS = {
  login: "Signed in with your password",
  login_two_factor: "Signed in with your password and a two-factor code",
  login_email_confirmed: "Signed in by confirming your e-mail address",
  login_failed: "Failed sign-in (wrong password)",
  reset_requested: "Password reset requested",
  reset_completed: "Password reset completed",
  // The owner's own session and account changes on /managesub (docs/accounts.md).
  session_revoked: "Signed out another session",
  other_sessions_revoked: "Signed out all other sessions",
  reauth_failed: "Wrong password when confirming a change",
  email_change_requested: "E-mail address change requested",
  email_changed: "E-mail address changed",
  // The link mailed to the old address when the change was asked for.
  email_change_cancelled: "E-mail address change cancelled from the old address",
  password_changed: "Password changed",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  // Two-factor sign-in (docs/accounts.md, 'Two-factor sign-in').
  two_factor_replaced: "Authenticator app replaced",
  two_factor_failed: "Failed sign-in (wrong two-factor code)",
  recovery_code_failed: "Failed sign-in (wrong recovery code)",
  recovery_code_used: "Signed in with your password and a recovery code",
  recovery_codes_regenerated: "New recovery codes made",
  listing_deleted: "You deleted a listing",
  listing_removed_by_admin: "An administrator removed one of your listings",
  listing_lapsed_deleted: "A listing whose plan had lapsed for months was deleted",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  // With a password reset or a two-factor set-up, when the owner ticked 'Also remove all passkeys'.
  passkeys_removed: "All passkeys removed",
  passkey_login: "Signed in with a passkey",
  // 'Download my data' on /managesub (docs/dashboard.md).
  data_exported: "Downloaded a copy of your data",
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

export function securityEventLabel(event: string): string {
  return (SECURITY_EVENTS as Record<string, string>)[event] ?? event;
}

/** Rows shown on /managesub, newest first. */
export const SECURITY_LOG_SHOWN = 50;

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** "Wellington, NZ" from Cloudflare's request.cf, or "" when unknown. */
export function placeOf(cf: { city?: unknown; country?: unknown } | null | undefined): string {
  const city = typeof cf?.city === "string" ? cut(cf.city.trim(), 60) : "";
  const country = typeof cf?.country === "string" ? cut(cf.country.trim(), 8) : "";
  return [city, country].filter(Boolean).join(", ");
}

/** "Firefox on Windows": browser family and system only, never the full user-agent string. */
export function deviceSummary(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  if (!ua) return "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /SamsungBrowser\//.test(ua)
          ? "Samsung Internet"
          : /Chrome\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Other browser";
  const system = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "";
  return system ? `${browser} on ${system}` : browser;
}

// The short confirmations a toast announces after something went through (app/ui/Toast.tsx): a
// saved listing, an upgrade, an administrator's action on the listings grid. Keyed, so the flash cookie
// (app/features/site/flash.server.ts) carries a name, never text, and a forged cookie cannot put words on the page.

export const TOAST = {
  listingSaved: "Your listing was saved.",
  upgraded: "Upgraded to Featured.",
  upgradeProcessing: "Upgrade payment processing… The plan changes once your card's bank has answered.",
  adminVerify: "Listing verified.",
  adminUnverify: "Verification removed.",
  adminLive: "Listing is live.",
  adminUnlive: "Listing is hidden.",
  adminHot: "Marked as Hot.",
  adminUnhot: "No longer Hot.",
  adminDelete: "Listing deleted.",
} as const;

export type ToastKey = keyof typeof TOAST;

export function isToastKey(value: unknown): value is ToastKey {
  return typeof value === "string" && Object.hasOwn(TOAST, value);
}

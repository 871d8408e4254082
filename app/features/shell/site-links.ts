/** The information pages every visitor should find: in the phone menu, the wide header and the footer. */
export const INFO_LINKS = [
  { to: "/subscriptions", label: "Plans" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** Where a visitor signs in or starts a listing. */
export const SIGNED_OUT_LINKS = [
  { to: "/login", label: "Log in" },
  { to: "/login?action=signup", label: "Add Your Listing" },
] as const;

export const DASHBOARD_LINK = { to: "/dashboard", label: "Dashboard" } as const;

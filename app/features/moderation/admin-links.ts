/** The administrators' screens: tabs on their pages, links in the site header's menu. */
export const ADMIN_LINKS = [
  { to: "/admin", label: "Admin home" },
  { to: "/admin/verifications", label: "Verifications" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/agencies", label: "Agencies" },
  { to: "/admin/takedowns", label: "Takedowns" },
  { to: "/admin/appeals", label: "Appeals" },
  { to: "/admin/matches", label: "Matches" },
  { to: "/admin/subscriptions", label: "Subscriptions" },
  { to: "/admin/safety-net", label: "Safety Net" },
  { to: "/admin/exposure", label: "Exposure" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

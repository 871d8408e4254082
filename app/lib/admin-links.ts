/** The administrators' three queues: tabs on their screens, links in the site header's menu. */
export const ADMIN_LINKS = [
  { to: "/admin/verifications", label: "Verifications" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

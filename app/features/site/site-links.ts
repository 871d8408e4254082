/** The information pages every visitor should find: in the phone menu, the wide header and the footer. */
export const INFO_LINKS = [
  { to: "/subscriptions", label: "Plans" },
  { to: "/faq", label: "FAQ" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

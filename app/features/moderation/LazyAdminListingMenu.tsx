import { clientLazy } from "~/ui/clientLazy";
import { AdminBadges as EagerBadges, AdminListingMenu as EagerMenu } from "./AdminListingMenu";

// Only administrators see these, so visitors' pages do not download them.
export const AdminListingMenu = clientLazy(import.meta.env.SSR ? EagerMenu : null, () =>
  import("./AdminListingMenu").then((m) => m.AdminListingMenu),
);

export const AdminBadges = clientLazy(import.meta.env.SSR ? EagerBadges : null, () =>
  import("./AdminListingMenu").then((m) => m.AdminBadges),
);

import { lazy, Suspense } from "react";
import type { ListingCardData } from "~/lib/listing-card";
import { AdminBadges as EagerBadges, AdminListingMenu as EagerMenu } from "./AdminListingMenu";

// Only administrators see these, so visitors' pages do not download them: the browser loads the module
// when an admin grid first renders. The server renders them in place as before (the static import, dropped
// from the client build), and the client hydrates that HTML once the module is in.
const LazyMenu = lazy(() => import("./AdminListingMenu").then((m) => ({ default: m.AdminListingMenu })));
const LazyBadges = lazy(() => import("./AdminListingMenu").then((m) => ({ default: m.AdminBadges })));

const Menu = import.meta.env.SSR ? EagerMenu : LazyMenu;
const Badges = import.meta.env.SSR ? EagerBadges : LazyBadges;

export function AdminListingMenu({ card }: { card: ListingCardData }) {
  return (
    <Suspense fallback={null}>
      <Menu card={card} />
    </Suspense>
  );
}

export function AdminBadges({ card }: { card: Pick<ListingCardData, "verified" | "live"> }) {
  return (
    <Suspense fallback={null}>
      <Badges card={card} />
    </Suspense>
  );
}

// The dashboard's frame for the owner's pages beside it (Insights): the same greeting and menu the dashboard
// shows, so every page under /dashboard has the sidebar and a way back (the site header is hidden there).
import { safetyStanding } from "~/features/safety-net/access.server";
import type { DbEnv } from "~/platform/data/db.server";
import { greeting, menuItems } from "./dashboard";
import type { MenuItem } from "./dashboard";
import { loadDashboardListings } from "./dashboard.server";

export type DashboardFrame = { greeting: string; menu: MenuItem[] };

export async function loadDashboardFrame(
  env: DbEnv,
  user: { id: string; firstName: string },
  now = Date.now(),
): Promise<DashboardFrame> {
  const [listings, safety] = await Promise.all([
    loadDashboardListings(env, user.id, now),
    safetyStanding(env, user.id),
  ]);
  return {
    greeting: greeting(listings, user.firstName),
    menu: menuItems(listings, safety.access || safety.ownReports),
  };
}

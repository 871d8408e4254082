// Activity badges (spec §4): 'Active Now', else 'Last active …' within five hours.
export const LAST_ACTIVE_WINDOW_MS = 5 * 60 * 60 * 1000;
export const ACTIVITY_REFRESH_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type Activity = { kind: "active" } | { kind: "recent"; label: string } | { kind: "none" };

export function isActiveNow(active: boolean, activeUntil: number | null, now: number): boolean {
  return active && (activeUntil == null || activeUntil === 0 || now < activeUntil);
}

export function activityOf(active: boolean, activeUntil: number | null, now: number): Activity {
  if (isActiveNow(active, activeUntil, now)) return { kind: "active" };
  if (activeUntil == null || activeUntil === 0) return { kind: "none" };
  const ago = now - activeUntil;
  if (ago < 0 || ago > LAST_ACTIVE_WINDOW_MS) return { kind: "none" };
  const hours = Math.min(4, Math.floor(ago / HOUR_MS));
  if (hours === 0) return { kind: "recent", label: "Last active this hour" };
  return { kind: "recent", label: `Last active ${hours} ${hours === 1 ? "hour" : "hours"} ago` };
}

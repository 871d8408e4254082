import { useEffect, useState } from "react";
import { ACTIVITY_REFRESH_MS, activityOf } from "~/lib/activity";

/** 'Active Now' or 'Last active …', recomputed every 30 minutes while the page stays open. */
export function ActivityBadge({
  active,
  activeUntil,
  now,
}: {
  active: boolean;
  activeUntil: number | null;
  now: number;
}) {
  const [clock, setClock] = useState(now);
  useEffect(() => {
    setClock(Date.now());
    const id = setInterval(() => setClock(Date.now()), ACTIVITY_REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  const activity = activityOf(active, activeUntil, clock);
  if (activity.kind === "active") {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-950/90 px-2 py-0.5 text-xs font-semibold text-emerald-300">
        <span className="h-2 w-2 rounded-full bg-emerald-400" aria-hidden="true" />
        Active Now
      </span>
    );
  }
  if (activity.kind === "recent") {
    return <span className="rounded-full bg-black/75 px-2 py-0.5 text-xs text-zinc-200">{activity.label}</span>;
  }
  return null;
}

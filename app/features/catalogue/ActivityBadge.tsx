import { useEffect, useState } from "react";
import { ACTIVITY_REFRESH_MS, activityOf } from "~/core/activity";

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
      <span className="tag tag-active">
        <span className="h-2 w-2 rounded-full bg-emerald-400" aria-hidden="true" />
        Active Now
      </span>
    );
  }
  if (activity.kind === "recent") {
    return <span className="tag tag-recent">{activity.label}</span>;
  }
  return null;
}

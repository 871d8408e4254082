// The signed-in user's own security log, worded for /managesub's 'Account security' section.
import { formatNzTime } from "~/platform/time/date-text";
import { loadSecurityLog } from "../security-log.server";
import { securityEventLabel } from "../security-log";
import type { SecurityEventView } from "./SecurityLogSection";
import type { DbEnv } from "~/platform/data/db.server";

/** Only ever `userId`'s own log: the caller passes the signed-in user. */
export async function loadSecurityEvents(env: DbEnv, userId: string): Promise<SecurityEventView[]> {
  const log = await loadSecurityLog(env, userId);
  return log.map((e) => ({
    id: e.id,
    when: formatNzTime(e.createdAt),
    at: new Date(e.createdAt).toISOString(),
    event: securityEventLabel(e.event),
    place: e.place,
    device: e.device,
  }));
}

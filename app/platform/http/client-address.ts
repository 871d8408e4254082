// Who counts as "one visitor" for views, likes and contact clicks: the client address, with an IPv6
// address taken by its /64 (one household or phone gets a whole /64, and can rotate inside it freely).

export function addressKey(ip: string | null): string {
  const value = (ip ?? "").trim().toLowerCase();
  if (!value) return "unknown";
  if (!value.includes(":")) return value;
  const [head] = value.split("::");
  const groups = value.includes("::") ? head.split(":").filter(Boolean) : value.split(":");
  while (groups.length < 4) groups.push("0");
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The UTC day a count belongs to ('2026-11-23'). */
export function countDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

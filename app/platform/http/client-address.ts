// Who counts as "one visitor" for views, likes and contact clicks, and as one client for the rate limits: the
// client address, with an IPv6 address taken by its /64 (one household or phone gets a whole /64, and can
// rotate inside it freely, so a full address would be a fresh visitor and a fresh budget each time).
import { nzDate } from "~/platform/time/nz-time";

/**
 * The address as its key: an IPv4 address as it is, an IPv6 address as its /64 ('2001:db8:1:2::/64'), an
 * IPv4 address written as IPv6 ('::ffff:203.0.113.9') as the IPv4 address. The URL parser (WHATWG's host
 * parser, in workerd as in Node) reads and normalises the text, so case, leading zeros and '::' make no
 * difference. Anything that is not an address (only a local client can send one: Cloudflare sets the header
 * in production) is 'unknown', one key for all of them, so made-up values never buy fresh budgets.
 */
export function addressKey(ip: string | null): string {
  const value = (ip ?? "").trim();
  if (!value || value.length > 64 || /[^0-9a-fA-F.:]/.test(value)) return "unknown";
  let host: string;
  try {
    host = new URL(`http://${value.includes(":") ? `[${value}]` : value}/`).hostname;
  } catch {
    return "unknown";
  }
  if (!host.startsWith("[")) return /^\d+\.\d+\.\d+\.\d+$/.test(host) && host === value ? host : "unknown";
  const groups = ipv6Groups(host.slice(1, -1));
  if (
    groups[0] === 0 &&
    groups[1] === 0 &&
    groups[2] === 0 &&
    groups[3] === 0 &&
    groups[4] === 0 &&
    groups[5] === 0xffff
  )
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a normalised IPv6 address (the URL parser's output: lower case, hex only). */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The day a count belongs to ('2026-11-24'): the NZ calendar date, as every page and statement shows days
 * (a visitor counts once per NZ day, and the insights' days begin at NZ midnight, not at noon).
 */
export function countDay(now: number): string {
  return nzDate(now);
}

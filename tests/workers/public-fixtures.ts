// Data for the public API tests: child rows of a listing, and polls for the work that waitUntil does after
// an answer.
import { env } from "cloudflare:test";
import { newId } from "~/platform/data/ids";

export async function insertImages(listingId: string, positions: number[]) {
  const ids: string[] = [];
  for (const [i, position] of positions.entries()) {
    const id = newId();
    ids.push(id);
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, 600, 800, ?)",
    )
      .bind(id, listingId, `listing/${newId(24)}.webp`, position, 1000 + i)
      .run();
  }
  return ids;
}

export async function insertRate(
  listingId: string,
  callType: "incall" | "outcall",
  duration: string,
  priceCents: number,
) {
  await env.DB.prepare("INSERT INTO listing_rates (id, listing_id, call_type, duration, price) VALUES (?, ?, ?, ?, ?)")
    .bind(newId(), listingId, callType, duration, priceCents)
    .run();
}

export async function insertSpecialRate(
  listingId: string,
  serviceName: string,
  duration: string,
  rateCents: number,
  position = 0,
) {
  await env.DB.prepare(
    "INSERT INTO listing_special_rates (id, listing_id, service_name, duration, rate, description, position) VALUES (?, ?, ?, ?, ?, 'Ask me', ?)",
  )
    .bind(newId(), listingId, serviceName, duration, rateCents, position)
    .run();
}

export async function rows<T = Record<string, unknown>>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** Polls until `check` passes: KV writes and broadcasts run in waitUntil, after the answer. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const VISITOR = "visitor_abcdef123";

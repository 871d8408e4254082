// A provider's private block list (docs/decisions/0052-booking-requests.md): one tap on a request blocks its
// number (the request is declined without a text), a blocked number's later requests are dropped with the
// same answer to the sender as any other, and a block lasts 12 months from when it was made or last renewed.
// Only the number's keyed hash is kept, with a sealed label (the name on the request and the last three
// digits) so the provider can tell their blocks apart.
import { and, eq, gt } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { signalInbox } from "~/platform/realtime/inbox.server";
import type { WaitUntil } from "~/platform/request-context";
import { sealBooking } from "./booking-key.server";
import { ownRequest } from "./decisions.server";
import { blockBinding, openDetails, openNumber } from "./inbox.server";
import { blockExpiry } from "./limits";
import { lastDigits } from "./request-rules";

const b = schema.bookingBlocks;
const r = schema.bookingRequests;

export const BLOCK_MSG = {
  blocked: "Blocked. Requests from this number will not reach you for 12 months.",
  unblocked: "Unblocked.",
  renewed: "Renewed for another 12 months.",
  notFound: "This block is not on your list any more.",
} as const;

type BlockEnv = DbEnv & Pick<Env, "InboxRoom">;

/** Blocks a request's number (renewing the block when there is one) and declines the request, in one batch. */
export async function blockFromRequest(
  env: BlockEnv,
  ctx: WaitUntil,
  userId: string,
  requestId: string,
  now: number,
): Promise<{ ok: true; message: string } | { ok: false; status: 404; error: string }> {
  const found = await ownRequest(env, userId, requestId);
  if (!found) return { ok: false, status: 404, error: "This request is not in your inbox any more." };
  const row = found.request;
  const [details, number] = await Promise.all([openDetails(env, row), openNumber(env, row, now)]);
  const label = `${details.name}${number ? `, number ending ${lastDigits(number)}` : ""}`;
  const db = getDb(env);
  const expiresAt = blockExpiry(now);
  await db.batch([
    db
      .insert(b)
      .values({
        userId,
        numberHash: row.numberHash,
        label: await sealBooking(env, blockBinding(userId), label),
        createdAt: now,
        expiresAt,
      })
      .onConflictDoUpdate({ target: [b.userId, b.numberHash], set: { expiresAt } }),
    db.update(r).set({ status: "declined", blocked: true, decidedAt: now, numberSealed: "" }).where(eq(r.id, row.id)),
  ]);
  signalInbox(env, ctx, userId);
  return { ok: true, message: BLOCK_MSG.blocked };
}

/** Unblocks, or renews for another 12 months from now, one of the account's current blocks. */
export async function changeBlock(
  env: DbEnv,
  userId: string,
  numberHash: string,
  change: "unblock" | "renew",
  now: number,
): Promise<{ ok: true; message: string } | { ok: false; status: 404; error: string }> {
  const db = getDb(env);
  const mine = and(eq(b.userId, userId), eq(b.numberHash, numberHash), gt(b.expiresAt, now));
  const done =
    change === "unblock"
      ? await db.delete(b).where(mine).returning({ userId: b.userId })
      : await db
          .update(b)
          .set({ expiresAt: blockExpiry(now) })
          .where(mine)
          .returning({ userId: b.userId });
  if (done.length === 0) return { ok: false, status: 404, error: BLOCK_MSG.notFound };
  return { ok: true, message: change === "unblock" ? BLOCK_MSG.unblocked : BLOCK_MSG.renewed };
}

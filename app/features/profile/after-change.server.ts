// After a listing's public state changed (an administrator's action, a verification decision, a plan that
// lapsed or came back): its profile snapshot is rewritten and open pages are told. The owner's own saves and
// toggles do the same in their own order (app/features/listings/save/after-save.server.ts).
import { writeProfileSnapshot } from "./profile.server";
import { publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { PublicState } from "~/platform/realtime/protocol";
import type { WaitUntil } from "~/platform/request-context";

/**
 * KV only speeds up public reads, and readers check updated_at against D1 before using a snapshot, so a
 * failed rewrite costs speed, never correctness. The broadcast makes open pages reload.
 */
export async function afterListingChange(
  env: Pick<Env, "DB" | "PROFILES" | "ListingsRoom">,
  ctx: WaitUntil,
  listingId: string,
  before?: PublicState | null,
) {
  try {
    await writeProfileSnapshot(env, listingId);
  } catch (error) {
    console.error("moderation: snapshot rewrite failed", listingId, error);
  }
  publishProfileUpdate(env, ctx, listingId, before);
}

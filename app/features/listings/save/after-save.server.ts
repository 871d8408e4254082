// Step 7 of a save: after the commit, housekeeping that must not delay the answer. The used uploads'
// private objects go, the KV snapshot is rewritten, open pages are told, and stale uploads are swept.
import { writeProfileSnapshot } from "~/features/profile/profile.server";
import { sweepPendingUploads } from "~/features/photos/pending-uploads.server";
import { publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { PublicState } from "~/platform/realtime/protocol";
import { removeObjects } from "./photo-objects.server";
import type { SaveRequest } from "./outcome.server";

export function afterSave(
  { env, ctx, user }: SaveRequest,
  listingId: string,
  before: PublicState | null,
  pendingKeys: string[],
  now: number,
) {
  if (pendingKeys.length) ctx.waitUntil(removeObjects(env, pendingKeys));
  ctx.waitUntil(
    writeProfileSnapshot(env, listingId).catch((error: unknown) =>
      console.error("profile snapshot after save failed", listingId, error),
    ),
  );
  publishProfileUpdate(env, ctx, listingId, before, now);
  ctx.waitUntil(
    sweepPendingUploads(env, { now, userId: user.id }).catch((error: unknown) =>
      console.error("pending sweep failed", error),
    ),
  );
}

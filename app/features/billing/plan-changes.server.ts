// Plan changes that charge nothing (docs/billing.md): cancel, resume, keep the plan, and Featured → Standard
// at the period's end with its choice of the photos that stay public.
import type { WaitUntil } from "~/platform/request-context";
import { transition } from "./subscriptions";
import type { SubscriptionEvent } from "./subscriptions";
import { checkPhotoChoice, needsPhotoChoice, preselectedPhotos } from "~/features/photos/plan-photos";
import { getDb } from "~/platform/data/db.server";
import { choosablePhotos, keepChoiceStatement } from "~/features/photos/plan-photos.server";
import { saveSubscription, SubscriptionChangedError } from "./subscriptions.server";
import type { BillingEnv } from "./subscriptions.server";
import { BILLING_MSG, ownSubscription } from "./billing.server";
import type { BillingFailure } from "./billing.server";

/**
 * Cancel, resume, or taking back a change of plan that waits for the period's end. Refused
 * while a payment is open for the listing: a cancel that landed beside a renewal charge would leave a charge
 * for a cancelled plan, a change of plan one for the wrong plan. The compare-and-swap makes the refusal exact:
 * a charge that opens after our read moves the version, and this write then fails instead. Scheduling the
 * change to Standard (scheduleDowngrade) holds to the same rules.
 */
export async function changeSubscription(
  env: BillingEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  event: Extract<SubscriptionEvent, { type: "cancel" | "resume" | "keepPlan" }>,
  now = Date.now(),
): Promise<{ ok: true } | BillingFailure> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (current.openPayment) return { ok: false, status: 409, error: BILLING_MSG.busy };
  const moved = transition(current, event, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  try {
    await saveSubscription(env, ctx, current, moved.next, {}, now);
  } catch (error) {
    if (error instanceof SubscriptionChangedError) return { ok: false, status: 409, error: BILLING_MSG.changed };
    throw error;
  }
  return { ok: true };
}

export type PhotoChoiceView = {
  listingId: string;
  photos: { imageId: string; url: string; position: number; checked: boolean }[];
};

/**
 * Featured → Standard at the period's end (decision 0017). A listing with more photos than Standard shows
 * asks first which 10 stay public: with `keep` null (not answered yet) the answer is the question, with the
 * boxes ticked as before or the first 10; an answer must be exactly 10 of the listing's own photos (400
 * otherwise, asked again with the owner's ticks). The choice is stored with the change, in one batch, and
 * applied by the renewal that switches the plan.
 */
export async function scheduleDowngrade(
  env: BillingEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  keep: readonly unknown[] | null,
  now = Date.now(),
): Promise<{ ok: true } | { ok: "choose"; choice: PhotoChoiceView } | (BillingFailure & { choice?: PhotoChoiceView })> {
  const current = await ownSubscription(env, userId, listingId);
  if (!current) return { ok: false, status: 404, error: BILLING_MSG.notFound };
  if (current.openPayment) return { ok: false, status: 409, error: BILLING_MSG.busy };
  const moved = transition(current, { type: "downgrade" }, now);
  if (!moved.ok) return { ok: false, status: 409, error: moved.error };
  const save = async (also: Parameters<typeof saveSubscription>[6] = []) => {
    try {
      await saveSubscription(env, ctx, current, moved.next, {}, now, also);
      return { ok: true } as const;
    } catch (error) {
      if (error instanceof SubscriptionChangedError)
        return { ok: false, status: 409, error: BILLING_MSG.changed } as const;
      throw error;
    }
  };
  const photos = await choosablePhotos(env, listingId);
  if (!needsPhotoChoice(photos.length)) return save();
  const view = (checked: Set<string>): PhotoChoiceView => ({
    listingId,
    photos: photos.map((p) => ({
      imageId: p.imageId,
      url: p.url,
      position: p.position,
      checked: checked.has(p.imageId),
    })),
  });
  if (keep === null) return { ok: "choose", choice: view(preselectedPhotos(photos)) };
  const checked = checkPhotoChoice(
    keep,
    photos.map((p) => p.imageId),
  );
  if (!checked.ok) {
    const ticked = new Set(keep.filter((v): v is string => typeof v === "string"));
    return { ok: false, status: 400, error: checked.error, choice: view(ticked) };
  }
  return save([keepChoiceStatement(getDb(env), listingId, checked.ids)]);
}

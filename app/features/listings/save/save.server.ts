// Saving a listing from the editor (POST /api/profiles, PUT /api/profile). Its steps live in save/.
//
// A save checks everything first (owner, country, the Independent rule, every field, every photo), then
// writes photo bytes to R2, then writes all of the listing's D1 rows in ONE batch, which D1 runs as a
// transaction: the listing row, its images, rates, special rates and tour stops, the uploads it used up, and
// the cover columns. A failed batch leaves D1 as it was and its new R2 objects are removed again, so there is
// never a half-written listing. Afterwards the KV snapshot is rewritten and open pages are told.
import { validateListing } from "../schema";
import { LISTING_RULE_MSG } from "../rules";
import { getDb } from "~/platform/data/db.server";
import { buildProfileFromD1 } from "~/features/profile/profile.server";
import { nzDate } from "~/platform/time/nz-time";
import { failure, StatementCount } from "./outcome.server";
import type { SaveMode, SaveOutcome, SaveRequest } from "./outcome.server";
import { findSaveTarget } from "./target.server";
import { orderPlanned, planPhotos } from "./photo-plan.server";
import { processBodyPhotos, writePhotoObjects } from "./photo-objects.server";
import { commitSave, saveBatch } from "./write-batch.server";
import { afterSave } from "./after-save.server";
import { agreedBaseline } from "../consent/ask.server";
import { findPhoneHold } from "./phone-hold.server";

export type { SaveFailure, SaveOutcome, SaveRequest, SaveSuccess } from "./outcome.server";
export { planPhotoLimitText } from "./photo-plan.server";
export { deleteListingImage, type DeleteImageOutcome } from "./delete-photo.server";

/** The whole multipart body of a save, files included (photos normally come through /api/uploads). */
export const MAX_SAVE_BYTES = 40 * 1024 * 1024;

export async function saveListing(req: SaveRequest, mode: SaveMode): Promise<SaveOutcome> {
  const { env, user, body } = req;
  const now = req.now ?? Date.now();
  const count = new StatementCount();
  const db = getDb(env);

  // 1. Who and where.
  const target = await findSaveTarget(req, mode, count);
  if (!target.ok) return target;
  const { listingId } = target;

  // 2. The photo plan: saved photos kept, uploads named by id, files in the body.
  const plan = await planPhotos(req, mode, target, now, count);
  if (!plan.ok) return plan;

  // 3. Every field, with the page to show. Tour stops against today's NZ date by the request's clock.
  const checked = validateListing(body.values, plan.photoCount, { today: nzDate(now), saved: target.savedTours });
  if (!checked.ok) return failure(400, checked.error, { fieldErrors: checked.fieldErrors, page: checked.page });

  // 3b. A new number already on another account's listing is held for review; the listing keeps its own
  // meanwhile (docs/decisions/0062-one-number-one-account.md).
  count.add(mode === "update" ? 2 : 0);
  const phoneHold = await findPhoneHold(db, mode, listingId, target.ownerId, checked.data.contactPhone);
  const data = phoneHold ? { ...checked.data, contactPhone: phoneHold.keep } : checked.data;

  // 4. Photos in the body go through the same processing as uploads.
  const processed = await processBodyPhotos(env, user.id, body.files);
  if (!processed.ok) return processed;
  const ordered = orderPlanned(target.existing, plan, body);

  // 5. Bytes first: new objects under random public keys. Nothing points at them until the batch commits.
  const written = await writePhotoObjects(env, ordered, processed.photos, plan.heldUploads);
  if (!written.ok) return written;

  // 6. One atomic batch. An agency listing's worker is asked again in it when the change needs her
  // (docs/decisions/0058-worker-consent-and-agency-checks.md).
  const agreed = mode === "update" ? await agreedBaseline(db, listingId) : null;
  count.add(mode === "update" ? 1 : 0);
  const batch = saveBatch(db, {
    mode,
    userId: user.id,
    target,
    data,
    phoneHold,
    rows: written.rows,
    held: written.held,
    uploads: [...plan.uploads, ...plan.heldUploads],
    keptIds: new Set(plan.requestedSaved.keys()),
    added: plan.uploads.length + body.files.length - written.held.length,
    agreed,
    now,
  });
  const failed = await commitSave(db, req, mode, listingId, batch, written.newKeys, count);
  if (failed) return failed;

  // 7. After the commit: the answer, then housekeeping that must not delay it.
  afterSave(req, listingId, target.before, written.pendingKeys, now);
  count.add(4);
  // The owner's (or an administrator's) own answer: with the photos kept but not shown, marked.
  const profile = await buildProfileFromD1(env, listingId, { withHidden: true });
  if (!profile) return failure(404, LISTING_RULE_MSG.notFound);
  const batchStatements = 1 + batch.statements.length;
  return { ok: true, status: mode === "create" ? 201 : 200, profile, statements: count.n, batchStatements };
}

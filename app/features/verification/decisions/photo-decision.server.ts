// A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md): the administrator
// approves some of the photos waiting under it and refuses others, each with its reason. One batch, as every
// decision (decision.server.ts recordDecision): the request, the approved photos' dates, the refused photos'
// reasons, the waits cleared, the cover's tick and one audit row; then the files go and the owner hears.
import { eq } from "drizzle-orm";
import type { WaitUntil } from "~/platform/request-context";
import type { SessionUser } from "~/features/accounts/auth.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { parseKeyList } from "~/core/photo-keys";
import { isId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { publicState } from "~/platform/realtime/publish.server";
import { loadRequest, recordDecision } from "../decision.server";
import type { DecideResult } from "../decision.server";
import { tellOwner } from "./decision-mail.server";
import { purgeRequestFiles } from "../files.server";
import { OUTCOME_MSG, parsePhotoOutcomes, refusalSummary, requestStatusOf } from "./photo-outcomes";
import { DECIDE_MSG } from "../verification";

const pending = schema.photoChecksPending;

export type PhotosDecided =
  | DecideResult
  /** Fields without a usable choice or reason, each with its message (shown beside the field). */
  | { ok: false; status: 400; error: string; errors: Record<string, string> };

export async function decidePhotoRequest(
  env: Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "SITE_NAME"> & EmailEnv,
  ctx: WaitUntil,
  admin: Pick<SessionUser, "id" | "isAdmin">,
  requestId: unknown,
  form: { get(name: string): unknown },
  { origin, now = Date.now() }: { origin?: string; now?: number } = {},
): Promise<PhotosDecided> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only" };
  if (!isId(requestId)) return { ok: false, status: 400, error: DECIDE_MSG.invalid };
  const db = getDb(env);
  const [request, waiting] = await Promise.all([
    loadRequest(db, requestId),
    db.select({ imageId: pending.imageId }).from(pending).where(eq(pending.requestId, requestId)),
  ]);
  if (!request || request.kind !== "photo") return { ok: false, status: 404, error: DECIDE_MSG.notFound };
  if (request.status !== "pending") return { ok: false, status: 409, error: DECIDE_MSG.decided };
  if (waiting.length === 0) return { ok: false, status: 409, error: OUTCOME_MSG.nothingWaits };
  const parsed = parsePhotoOutcomes(
    form,
    waiting.map((w) => w.imageId),
  );
  if (!parsed.ok) return { ok: false, status: 400, error: Object.values(parsed.errors)[0]!, errors: parsed.errors };

  const status = requestStatusOf(parsed.outcomes);
  const reason = refusalSummary(parsed.outcomes);
  const decided = await recordDecision(db, {
    request,
    adminId: admin.id,
    decision: status === "approved" ? "approve" : "reject",
    status,
    reason,
    now,
    outcomes: parsed.outcomes,
  });
  if (!decided) return { ok: false, status: 409, error: DECIDE_MSG.decided };

  const filesDeleted = await purgeRequestFiles(env, request.id, parseKeyList(request.r2Keys));
  await afterListingChange(env, ctx, request.listingId, publicState(request));
  if (origin) await tellOwner(env, { ...request, status, reason }, origin);
  return { ok: true, listingId: request.listingId, status, filesDeleted };
}

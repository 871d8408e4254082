// Filing a takedown case from the profile's 'This is me' link: the form's checks, the sealed proof photo,
// the limits and the owner's notice (docs/decisions/0063-takedown-cases.md). Nothing is half-written: the
// case is one INSERT guarded by its limits; a proof photo stored for a case that was not written is deleted.
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { processVerificationImage } from "~/features/photos/pipeline.server";
import { isId, newId } from "~/platform/data/ids";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import { isOpenCase } from "./case-status.server";
import { keyedHash, sealSecret } from "~/platform/crypto/sealing-key.server";
import { addressKey } from "~/platform/http/client-address";
import { formatNzDeadline } from "~/platform/time/date-text";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { ownerNoticeMail } from "./mail";
import { deleteProof, storeProof } from "./proof.server";
import { newCaseClock, OPEN_PER_CONTACT, PER_NETWORK_DAY, TAKEDOWN_MSG } from "./rules";
import type { CaseForm } from "./rules";

const t = schema.takedownCases;
const l = schema.listings;
const img = schema.listingImages;
const u = schema.users;
const DAY_MS = 86_400_000;

export type ComplainedListing = {
  listingId: string;
  firstName: string;
  ownerId: string;
  photos: { id: string; r2Key: string; width: number; height: number }[];
};

/** A live listing someone may complain about, with its public photos to choose from; null otherwise. */
export async function complainedListing(env: Pick<Env, "DB">, listingId: unknown): Promise<ComplainedListing | null> {
  if (!isId(listingId)) return null;
  const db = getDb(env);
  const [[listing], photos] = await db.batch([
    db
      .select({ listingId: l.id, firstName: l.firstName, ownerId: l.userId })
      .from(l)
      .where(and(eq(l.id, listingId), eq(l.live, true)))
      .limit(1),
    db
      .select({ id: img.id, r2Key: img.r2Key, width: img.width, height: img.height })
      .from(img)
      .where(and(eq(img.listingId, listingId), eq(img.public, true)))
      .orderBy(asc(img.position), asc(img.createdAt)),
  ]);
  return listing ? { ...listing, photos } : null;
}

/** The keyed hash of the client's network (an IPv6 /64, an IPv4 address) kept for the per-network limit. */
export function networkHash(env: object, headers: Headers): Promise<string> {
  return keyedHash(env, "takedown-network", addressKey(headers.get("CF-Connecting-IP")));
}

/** True when this network has opened its cases for the day (the insert checks it again). */
export async function networkOverLimit(env: Pick<Env, "DB">, hash: string, now: number): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.networkHash, hash), gt(t.createdAt, now - DAY_MS)));
  return (row?.n ?? 0) >= PER_NETWORK_DAY;
}

export type ProofResult = { ok: true; bytes: Uint8Array | null } | { ok: false; error: string };

/** The optional proof photo, re-encoded without its metadata as ID documents are; an empty field is none. */
export async function readProof(env: Pick<Env, "IMAGES">, file: FormDataEntryValue | null): Promise<ProofResult> {
  if (!(file instanceof File) || file.size === 0) return { ok: true, bytes: null };
  const processed = await processVerificationImage(env.IMAGES, file);
  if (processed.ok) return { ok: true, bytes: processed.photo.bytes };
  const error =
    processed.problem === "size"
      ? TAKEDOWN_MSG.proofSize
      : processed.problem === "type"
        ? TAKEDOWN_MSG.proofType
        : TAKEDOWN_MSG.proofUnreadable;
  return { ok: false, error };
}

/**
 * Writes the case, within its limits: at most OPEN_PER_CONTACT open cases per address, PER_NETWORK_DAY a day
 * per network, one open case per address and listing. True when it was written (the page answers the same
 * either way, so it tells nobody whether an address has complained before).
 */
export async function fileCase(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  listing: ComplainedListing,
  form: CaseForm,
  proof: Uint8Array | null,
  network: string,
  origin: string,
  now: number,
): Promise<boolean> {
  const id = newId();
  const clock = newCaseClock(now);
  const proofKey = proof ? await storeProof(env, id, proof) : null;
  const open = isOpenCase;
  const db = getDb(env);
  const [inserted] = await db.batch([
    insertWhere(
      db,
      t,
      {
        id,
        listingId: listing.listingId,
        listingName: listing.firstName,
        ownerId: listing.ownerId,
        kind: form.kind,
        contact: form.contact,
        details: await sealSecret(env, `takedown-details:${id}`, form.details),
        imageIds: JSON.stringify(form.imageIds),
        proofKey,
        networkHash: network,
        status: "waiting",
        createdAt: now,
        notifiedAt: clock.notifiedAt,
        answerDueAt: clock.answerDueAt,
      },
      sql`(select count(*) from ${t} where ${open} and ${t.contact} = ${form.contact}) < ${OPEN_PER_CONTACT}
        and (select count(*) from ${t} where ${t.networkHash} = ${network} and ${t.createdAt} > ${now - DAY_MS}) < ${PER_NETWORK_DAY}
        and not exists (select 1 from ${t} where ${open} and ${t.contact} = ${form.contact} and ${t.listingId} = ${listing.listingId})`,
    ),
  ]);
  if (!inserted.meta.changes) {
    if (proofKey) await deleteProof(env, proofKey);
    return false;
  }
  ctx.waitUntil(notifyOwner(env, id, listing, form.kind, origin, clock.answerDueAt));
  return true;
}

/** The owner's notice (HDCA s 24(2)(a)): sent as the case is filed; the dashboard shows the case too. */
export async function notifyOwner(
  env: Env,
  caseId: string,
  listing: Pick<ComplainedListing, "ownerId" | "firstName">,
  kind: CaseForm["kind"],
  origin: string,
  answerDueAt: number,
) {
  const [owner] = await getDb(env)
    .select({ email: u.email, firstName: u.firstName })
    .from(u)
    .where(eq(u.id, listing.ownerId))
    .limit(1);
  if (!owner) return;
  await sendEmail(env, {
    to: owner.email,
    ...ownerNoticeMail({
      site: siteName(env),
      ownerName: owner.firstName,
      listingName: listing.firstName,
      kind,
      answerBy: formatNzDeadline(answerDueAt),
      link: `${origin}/dashboard/takedowns/${caseId}`,
    }),
  });
}

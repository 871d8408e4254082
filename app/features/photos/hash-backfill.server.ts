// Photos saved before perceptual hashes existed (migration 0068), the seed's of older stores included, are
// hashed by the cron a few at a time (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md), with the
// upload's own steps: the Images binding's thumbnail of the stored photo, the same hash and the same lookup
// against other accounts' photos. A match goes into the side-by-side queue like a held upload, against the
// later of the two photos; the photo stays up while it waits, since it has been public all along.
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/platform/data/ids";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import { findPhotoMatch, photoFingerprint } from "./phash.server";
import { photoHashStatement } from "./holds.server";

/**
 * Photos hashed per run: each is an R2 read, a thumbnail, 450 hashes (about 7 ms of CPU on the project's
 * machine, phash-crops.ts) and a lookup.
 */
export const BACKFILL_PER_RUN = 20;

export const HASH_STATE = { waiting: 0, hashed: 1, failed: 2 } as const;

export type BackfillOutcome = { hashed: number; matched: number; failed: number };

type Env = Pick<globalThis.Env, "DB" | "PHOTOS" | "IMAGES">;

/** Hashes up to `limit` photos still waiting, oldest first; idempotent, so a repeated or missed run is safe. */
export async function backfillPhotoHashes(env: Env, now = Date.now(), limit = BACKFILL_PER_RUN) {
  const db = getDb(env);
  const img = schema.listingImages;
  const l = schema.listings;
  const waiting = await db
    .select({ id: img.id, listingId: img.listingId, r2Key: img.r2Key, createdAt: img.createdAt, userId: l.userId })
    .from(img)
    .innerJoin(l, eq(l.id, img.listingId))
    .where(eq(img.hashState, HASH_STATE.waiting))
    .orderBy(asc(img.createdAt), asc(img.id))
    .limit(limit);
  const outcome: BackfillOutcome = { hashed: 0, matched: 0, failed: 0 };
  // One at a time: each photo's lookup must see the hashes of the ones before it (two copies waiting at once
  // are then found against each other, the later one in the queue).
  for (const photo of waiting) {
    const object = await env.PHOTOS.get(photo.r2Key);
    const fingerprint = object ? await photoFingerprint(env.IMAGES, await object.blob(), true) : null;
    if (!fingerprint) {
      await db
        .update(img)
        .set({ hashState: HASH_STATE.failed })
        .where(and(eq(img.id, photo.id), eq(img.hashState, HASH_STATE.waiting)));
      outcome.failed++;
      continue;
    }
    const match = await findPhotoMatch(env, photo.userId, fingerprint);
    const statements: BatchItem<"sqlite">[] = [
      photoHashStatement(
        db,
        photo.id,
        photo.listingId,
        fingerprint.hash,
        sql`exists (select 1 from ${img} where ${img.id} = ${photo.id})`,
      ),
    ];
    if (match) {
      // A query builder is a thenable, so it comes back wrapped: awaiting it would run it outside the batch.
      statements.push((await reviewStatement(env, photo, match, now)).statement);
      outcome.matched++;
    }
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    outcome.hashed++;
  }
  return outcome;
}

type Waiting = { id: string; listingId: string; createdAt: number };

/**
 * The review item: the later-saved photo of the pair is the one under review (as at upload, where the later
 * arrival is held), the earlier one beside it. Written only while neither photo already waits in the queue.
 */
async function reviewStatement(
  env: Env,
  photo: Waiting,
  match: { imageId: string; listingId: string; distance: number },
  now: number,
) {
  const db = getDb(env);
  const img = schema.listingImages;
  const r = schema.identityReviews;
  const [other] = await db.select({ createdAt: img.createdAt }).from(img).where(eq(img.id, match.imageId)).limit(1);
  const otherIsLater =
    other !== undefined &&
    (other.createdAt > photo.createdAt || (other.createdAt === photo.createdAt && match.imageId > photo.id));
  const [subject, beside] = otherIsLater
    ? [
        { id: match.imageId, listingId: match.listingId },
        { id: photo.id, listingId: photo.listingId },
      ]
    : [
        { id: photo.id, listingId: photo.listingId },
        { id: match.imageId, listingId: match.listingId },
      ];
  const bothThere = sql`(select count(*) from ${img} where ${img.id} in (${subject.id}, ${beside.id})) = 2`;
  const notWaiting = sql`not exists (select 1 from ${r} where ${r.status} = 'pending' and ${r.imageId} in (${subject.id}, ${beside.id}))`;
  const statement = insertWhere(
    db,
    r,
    {
      id: newId(),
      kind: "photo",
      listingId: subject.listingId,
      imageId: subject.id,
      otherListingId: beside.listingId,
      otherImageId: beside.id,
      distance: match.distance,
      createdAt: now,
    },
    sql`${bothThere} and ${notWaiting}`,
  );
  return { statement };
}

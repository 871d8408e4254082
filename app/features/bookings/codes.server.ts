// The code that proves a visitor's mobile number: six digits by SMS, good for ten minutes and five tries. One
// row per code sent (booking_codes) holds the request's details, sealed, until the right code comes back; then
// the row only counts for the limits, which every send and every use checks inside its own write, so two
// requests at once cannot both pass (docs/decisions/0052-booking-requests.md).
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { newId } from "~/platform/data/ids";
import { addressKey } from "~/platform/http/client-address";
import { sendSms } from "~/platform/sms/sms.server";
import type { SmsEnv } from "~/platform/sms/sms.server";
import { bookingHash, openBooking, sealBooking } from "./booking-key.server";
import {
  CODE_TRIES,
  CODE_TTL_MS,
  CODES_PER_NETWORK_HOUR,
  CODES_PER_NUMBER_HOUR,
  DAY_MS,
  HOUR_MS,
  REQUESTS_PER_LISTING_DAY,
  REQUESTS_PER_NUMBER_DAY,
} from "./limits";
import { maskedNumber, newCode } from "./request-rules";
import type { RequestInput } from "./request-rules";
import { codeText } from "./texts";

const c = schema.bookingCodes;

export const CODE_MSG = {
  numberRequests: `This number has sent ${REQUESTS_PER_NUMBER_DAY} requests in the last day. Please try again tomorrow.`,
  numberCodes: `This number has been sent ${CODES_PER_NUMBER_HOUR} codes in the last hour. Please wait an hour, or use a code already sent.`,
  network: "Too many codes have been asked for from your connection in the last hour. Please try again later.",
  listing: (name: string) =>
    `${name} is taking no more requests today. Please try again tomorrow, or send a text with the SMS button.`,
  notSent: "We could not send the code just now. Please try again in a few minutes.",
  gone: "This code is no longer valid. Please start again.",
  expired: "That code has expired. Ask for a new one below.",
  // The code's row is closed and its details emptied after the last try: the form starts again.
  used: `That code was tried ${CODE_TRIES} times. Please start again.`,
  wrong: (left: number) =>
    left > 0
      ? `That code is not right. ${left === 1 ? "1 try" : `${left} tries`} left.`
      : "That code is not right, and that was the last try. Please start again.",
} as const;

/** Which limit refused, and the field the refusal shows beside. */
export type LimitRefusal = { field: "phone" | "form"; error: string };

type Counts = { numberCodes: number; networkCodes: number; numberRequests: number; listingRequests: number };

function countsQuery(db: Db, hashes: { number: string; network: string }, listingId: string, now: number) {
  const n = (where: SQL) => sql<number>`(select count(*) from ${c} where ${where})`;
  return db
    .select({
      numberCodes: n(and(eq(c.numberHash, hashes.number), gt(c.createdAt, now - HOUR_MS))!),
      networkCodes: n(and(eq(c.networkHash, hashes.network), gt(c.createdAt, now - HOUR_MS))!),
      numberRequests: n(and(eq(c.numberHash, hashes.number), gt(c.usedAt, now - DAY_MS))!),
      listingRequests: n(and(eq(c.listingId, listingId), gt(c.usedAt, now - DAY_MS))!),
    })
    .from(sql`(select 1)`);
}

/** The first limit these counts are over, for a new code (`sending`) or for sending the request. */
function refusal(counts: Counts, listingName: string, sending: boolean): LimitRefusal | null {
  if (counts.numberRequests >= REQUESTS_PER_NUMBER_DAY) return { field: "phone", error: CODE_MSG.numberRequests };
  if (sending && counts.numberCodes >= CODES_PER_NUMBER_HOUR) return { field: "phone", error: CODE_MSG.numberCodes };
  if (sending && counts.networkCodes >= CODES_PER_NETWORK_HOUR) return { field: "phone", error: CODE_MSG.network };
  if (counts.listingRequests >= REQUESTS_PER_LISTING_DAY)
    return { field: "form", error: CODE_MSG.listing(listingName) };
  return null;
}

/** The same limits as one SQL condition, for the write that must not pass them. */
function withinLimits(hashes: { number: string; network: string }, listingId: string, now: number, sending: boolean) {
  const n = (where: SQL) => sql`(select count(*) from ${c} where ${where})`;
  const checks = [
    sql`${n(and(eq(c.numberHash, hashes.number), gt(c.usedAt, now - DAY_MS))!)} < ${REQUESTS_PER_NUMBER_DAY}`,
    sql`${n(and(eq(c.listingId, listingId), gt(c.usedAt, now - DAY_MS))!)} < ${REQUESTS_PER_LISTING_DAY}`,
  ];
  if (sending)
    checks.push(
      sql`${n(and(eq(c.numberHash, hashes.number), gt(c.createdAt, now - HOUR_MS))!)} < ${CODES_PER_NUMBER_HOUR}`,
      sql`${n(and(eq(c.networkHash, hashes.network), gt(c.createdAt, now - HOUR_MS))!)} < ${CODES_PER_NETWORK_HOUR}`,
    );
  return and(...checks)!;
}

const detailsBinding = (codeId: string) => `code:${codeId}:details`;

export type Listing = { id: string; firstName: string };

export type SendResult =
  { ok: true; codeId: string; masked: string } | { ok: false; status: 429 | 503; refusal: LimitRefusal };

/**
 * Sends a code for `input` to its number: checks the limits, stores the code's row (details sealed, code and
 * number as keyed hashes), then sends the text. A text that could not go out closes the row (it still counts:
 * the limits are about what was asked for).
 */
export async function sendCode(
  env: SmsEnv,
  listing: Listing,
  input: RequestInput,
  ip: string | null,
  now: number,
): Promise<SendResult> {
  const db = getDb(env);
  const hashes = {
    number: await bookingHash(env, "number", input.number),
    network: await bookingHash(env, "network", addressKey(ip)),
  };
  const [counts] = await countsQuery(db, hashes, listing.id, now);
  const early = refusal(counts, listing.firstName, true);
  if (early) return { ok: false, status: 429, refusal: early };

  const id = newId();
  const code = newCode();
  const inserted = await insertWhere(
    db,
    c,
    {
      id,
      listingId: listing.id,
      numberHash: hashes.number,
      networkHash: hashes.network,
      codeHash: await bookingHash(env, "code", `${id}:${code}`),
      tries: 0,
      details: await sealBooking(env, detailsBinding(id), JSON.stringify(input)),
      createdAt: now,
      expiresAt: now + CODE_TTL_MS,
    },
    withinLimits(hashes, listing.id, now, true),
  ).returning({ id: c.id });
  if (inserted.length === 0) {
    // Another send took the last place between the count and the write.
    const [again] = await countsQuery(db, hashes, listing.id, now);
    return {
      ok: false,
      status: 429,
      refusal: refusal(again, listing.firstName, true) ?? { field: "phone", error: CODE_MSG.numberCodes },
    };
  }
  if (!(await sendSms(env, { to: input.number, text: codeText(code) }))) {
    await db.update(c).set({ closedAt: now, details: "" }).where(eq(c.id, id));
    return { ok: false, status: 503, refusal: { field: "form", error: CODE_MSG.notSent } };
  }
  return { ok: true, codeId: id, masked: maskedNumber(input.number) };
}

type CodeRow = typeof c.$inferSelect;

/** A code's row that can still be used or replaced: this listing's, not used and not closed. */
async function liveRow(env: SmsEnv, listingId: string, codeId: string): Promise<CodeRow | null> {
  const [row] = await getDb(env)
    .select()
    .from(c)
    .where(and(eq(c.id, codeId), eq(c.listingId, listingId), isNull(c.usedAt), isNull(c.closedAt)))
    .limit(1);
  return row ?? null;
}

async function openDetails(env: object, row: CodeRow): Promise<RequestInput> {
  return JSON.parse(await openBooking(env, detailsBinding(row.id), row.details)) as RequestInput;
}

export type ResendResult = SendResult | { ok: false; status: 400; refusal: LimitRefusal };

/** A new code for the same request (the old one closes once the new one is sent). */
export async function resendCode(
  env: SmsEnv,
  listing: Listing,
  codeId: string,
  ip: string | null,
  now: number,
): Promise<ResendResult> {
  const row = await liveRow(env, listing.id, codeId);
  if (!row) return { ok: false, status: 400, refusal: { field: "form", error: CODE_MSG.gone } };
  const sent = await sendCode(env, listing, await openDetails(env, row), ip, now);
  if (sent.ok) await getDb(env).update(c).set({ closedAt: now, details: "" }).where(eq(c.id, row.id));
  return sent;
}

export type CheckedCode =
  { ok: true; row: CodeRow; input: RequestInput } | { ok: false; status: 400; field: "code" | "form"; error: string };

/**
 * Checks a typed code against its row. A wrong one spends a try (the UPDATE is guarded, so five at once cannot
 * get more than five); the last wrong try closes the row and empties its details.
 */
export async function checkCode(
  env: SmsEnv,
  listingId: string,
  codeId: string,
  code: string,
  now: number,
): Promise<CheckedCode> {
  const row = await liveRow(env, listingId, codeId);
  if (!row) return { ok: false, status: 400, field: "form", error: CODE_MSG.gone };
  if (row.expiresAt <= now) return { ok: false, status: 400, field: "code", error: CODE_MSG.expired };
  if (row.tries >= CODE_TRIES) return { ok: false, status: 400, field: "code", error: CODE_MSG.used };
  if ((await bookingHash(env, "code", `${row.id}:${code}`)) === row.codeHash)
    return { ok: true, row, input: await openDetails(env, row) };
  const last = sql`${c.tries} + 1 >= ${CODE_TRIES}`;
  const [spent] = await getDb(env)
    .update(c)
    .set({
      tries: sql`${c.tries} + 1`,
      closedAt: sql`case when ${last} then ${now} else ${c.closedAt} end`,
      details: sql`case when ${last} then '' else ${c.details} end`,
    })
    .where(and(eq(c.id, row.id), isNull(c.usedAt), isNull(c.closedAt), lt(c.tries, CODE_TRIES)))
    .returning({ tries: c.tries });
  if (!spent) return { ok: false, status: 400, field: "code", error: CODE_MSG.used };
  return { ok: false, status: 400, field: "code", error: CODE_MSG.wrong(CODE_TRIES - spent.tries) };
}

/**
 * The statement that uses a checked code, inside the batch that writes the request: it marks the row used and
 * empties its details only while the code is still good and the day's limits for the number and the listing
 * are not reached. The request's INSERT follows it on `changes() = 1`.
 */
export function spendCodeStatement(db: Db, row: CodeRow, now: number) {
  return db
    .update(c)
    .set({ usedAt: now, details: "" })
    .where(
      and(
        eq(c.id, row.id),
        isNull(c.usedAt),
        isNull(c.closedAt),
        lt(c.tries, CODE_TRIES),
        gt(c.expiresAt, now),
        withinLimits({ number: row.numberHash, network: row.networkHash }, row.listingId, now, false),
      ),
    )
    .returning({ id: c.id });
}

/** Why a checked code could not be used: the limits reached meanwhile, or the code used by a twin request. */
export async function whyNotUsed(env: SmsEnv, row: CodeRow, listingName: string, now: number) {
  const db = getDb(env);
  const [[fresh], [counts]] = await db.batch([
    db.select({ usedAt: c.usedAt }).from(c).where(eq(c.id, row.id)),
    countsQuery(db, { number: row.numberHash, network: row.networkHash }, row.listingId, now),
  ]);
  if (fresh?.usedAt) return { used: true as const };
  return {
    used: false as const,
    refusal: refusal(counts, listingName, false) ?? { field: "form" as const, error: CODE_MSG.gone },
  };
}

/** The rows that only counted for limits: a day after they were made they say nothing any more. */
export async function sweepCodes(env: DbEnv, now: number, rowMs: number): Promise<void> {
  await getDb(env)
    .delete(c)
    .where(lt(c.createdAt, now - rowMs));
}

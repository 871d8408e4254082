// A request whose code was right goes to the provider's inbox: screened against the Safety Net, dropped for a
// blocked number, and written with its hash, its sealed number and details and the screening's answer in the
// same batch that uses the code (docs/decisions/0052-booking-requests.md). A blocked number gets the same
// answer as any other, after the same work: the limits count its request, the screening runs, nothing differs
// but that no row is written and nobody is told.
import { and, eq, gt, sql } from "drizzle-orm";
import { mailOwner } from "~/features/accounts/owner-mail.server";
import { claimMailSlot } from "~/features/accounts/mail-caps.server";
import { countEvents } from "~/features/insights/count-queue.server";
import { getDb, insertWhere, rowById, schema } from "~/platform/data/db.server";
import { newId } from "~/platform/data/ids";
import { signalInbox } from "~/platform/realtime/inbox.server";
import type { RequestContext } from "~/platform/request-context";
import { sealBooking } from "./booking-key.server";
import { spendCodeStatement, whyNotUsed } from "./codes.server";
import type { LimitRefusal } from "./codes.server";
import { requestDeleteAt } from "./limits";
import type { RequestInput } from "./request-rules";
import { screenNumber } from "./screening.server";
import type { Screen } from "./screening.server";
import { newRequestEmail } from "./texts";

const l = schema.listings;
const r = schema.bookingRequests;

/** A listing that takes requests now: public and switched on. */
export type BookableListing = { id: string; firstName: string; userId: string; contactPhone: string };

/** The listing behind the form, or null when it does not take requests (not public, or switched off). */
export async function bookableListing(env: Pick<Env, "DB">, listingId: string): Promise<BookableListing | null> {
  const row = await rowById(
    env,
    l,
    {
      id: l.id,
      firstName: l.firstName,
      userId: l.userId,
      contactPhone: l.contactPhone,
      live: l.live,
      on: l.takesRequests,
    },
    listingId,
  );
  return row && row.live && row.on ? row : null;
}

/** What the request's sealed details hold: what the visitor wrote and the screening's answer. */
export type RequestDetails = Pick<RequestInput, "name" | "place" | "suburb" | "message"> & { screen: Screen };

export const detailsBinding = (requestId: string) => `request:${requestId}:details`;
export const numberBinding = (requestId: string) => `request:${requestId}:number`;

/** An e-mail to the provider at most this often, however many requests come: it only says to look. */
const NOTICE_INTERVAL_MS = 15 * 60_000;

export type Delivered = { ok: true } | { ok: false; status: 429; refusal: LimitRefusal };

type CodeRow = Parameters<typeof spendCodeStatement>[1];

/** Writes the request (or, for a blocked number, only uses the code) and tells the provider. */
export async function deliverRequest(
  context: Pick<RequestContext, "env" | "ctx" | "cf">,
  request: Request,
  listing: BookableListing,
  row: CodeRow,
  input: RequestInput,
  now: number,
): Promise<Delivered> {
  const { env, ctx } = context;
  const db = getDb(env);
  const b = schema.bookingBlocks;
  // Both always run, so a blocked number's answer takes as long as anyone's.
  const [blocks, screen] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(b)
      .where(and(eq(b.userId, listing.userId), eq(b.numberHash, row.numberHash), gt(b.expiresAt, now)))
      .limit(1),
    screenNumber(env, listing.userId, input.number, now),
  ]);
  const blocked = blocks.length > 0;
  const id = newId();
  const details: RequestDetails = {
    name: input.name,
    place: input.place,
    suburb: input.suburb,
    message: input.message,
    screen,
  };
  const insert = insertWhere(
    db,
    r,
    {
      id,
      listingId: listing.id,
      numberHash: row.numberHash,
      numberSealed: await sealBooking(env, numberBinding(id), input.number),
      details: await sealBooking(env, detailsBinding(id), JSON.stringify(details)),
      startsAt: input.startsAt,
      minutes: input.minutes,
      status: "new",
      createdAt: now,
      deleteAt: requestDeleteAt(input.startsAt),
    },
    sql`changes() = 1`,
  );
  const used = blocked
    ? await spendCodeStatement(db, row, now)
    : (await db.batch([spendCodeStatement(db, row, now), insert]))[0];
  if (used.length === 0) {
    const why = await whyNotUsed(env, row, listing.firstName, now);
    // A twin post of the same code (a double tap) already sent it: the same answer as the first.
    if (why.used) return { ok: true };
    return { ok: false, status: 429, refusal: why.refusal };
  }
  if (blocked) return { ok: true };
  // A request is a contact in insights, counted as the SMS button's taps are (decision 0024).
  countEvents(env, ctx, request, [{ kind: "contact", listing: listing.id }], context.cf);
  signalInbox(env, ctx, listing.userId);
  ctx.waitUntil(
    (async () => {
      if (await claimMailSlot(env, "booking-request", listing.userId, NOTICE_INTERVAL_MS, now))
        await mailOwner(request, env, listing.userId, (o) => newRequestEmail(o.siteName, o.origin));
    })().catch((error: unknown) => console.error("bookings: notice failed", error instanceof Error ? error.name : "")),
  );
  return { ok: true };
}

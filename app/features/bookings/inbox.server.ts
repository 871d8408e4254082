// The provider's inbox as their page reads it: their listings with the switch, their requests (sealed parts
// opened; the number only while the request is open) and their block list (docs/decisions/0052-booking-requests.md).
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { matchViews } from "~/features/safety-net/categories";
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { formatNzDate } from "~/platform/time/date-text";
import { BookingsKeyError, openBooking } from "./booking-key.server";
import { detailsBinding, numberBinding } from "./deliver.server";
import type { RequestDetails } from "./deliver.server";
import { numberOpen } from "./limits";
import { lengthLabel, nationalNumber } from "./request-rules";
import { bookingWhen } from "./texts";
import type { BlockView, InboxRequestView, ListingSwitchView, ScreenView } from "./views";

const l = schema.listings;
const r = schema.bookingRequests;
const b = schema.bookingBlocks;

/** The most requests the page lists: a month of a busy listing's days, far more than the limits let in. */
const SHOWN = 200;

/** A sealed text that cannot be opened (the key changed) says so rather than failing the page. */
const UNREADABLE = "(this could not be read)";

export type RequestRow = typeof r.$inferSelect;

async function openOr<T>(open: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof BookingsKeyError) return fallback;
    throw error;
  }
}

export async function openDetails(env: object, row: Pick<RequestRow, "id" | "details">): Promise<RequestDetails> {
  return openOr(async () => JSON.parse(await openBooking(env, detailsBinding(row.id), row.details)) as RequestDetails, {
    name: UNREADABLE,
    place: "incall",
    suburb: "",
    message: "",
    screen: { checked: false, why: "unavailable" },
  });
}

/** The visitor's number in E.164 while the provider may read it, else null. */
export async function openNumber(
  env: object,
  row: Pick<RequestRow, "id" | "numberSealed" | "status" | "startsAt">,
  now: number,
): Promise<string | null> {
  if (!row.numberSealed || !numberOpen(row, now)) return null;
  return openOr(() => openBooking(env, numberBinding(row.id), row.numberSealed), null);
}

function screenView(screen: RequestDetails["screen"]): ScreenView {
  return screen.checked ? { checked: true, matches: matchViews(screen.matches) } : screen;
}

export async function requestView(
  env: object,
  row: RequestRow,
  listingName: string,
  now: number,
): Promise<InboxRequestView> {
  const [details, number] = await Promise.all([openDetails(env, row), openNumber(env, row, now)]);
  return {
    id: row.id,
    listingName,
    name: details.name,
    when: bookingWhen(row.startsAt),
    length: lengthLabel(row.minutes),
    place: details.place,
    suburb: details.suburb,
    message: details.message,
    number: number ? nationalNumber(number) : null,
    numberE164: number,
    status: row.status,
    blocked: row.blocked,
    suggestedWhen: row.suggestedAt ? bookingWhen(row.suggestedAt) : null,
    receivedAt: row.createdAt,
    screen: screenView(details.screen),
    decidable: (row.status === "new" || row.status === "suggested") && number !== null,
  };
}

export type Inbox = { listings: ListingSwitchView[]; requests: InboxRequestView[]; blocks: BlockView[] };

/** One batch: the account's listings, their requests (new first, then newest), its current blocks. */
export async function loadInbox(env: DbEnv, userId: string, now: number): Promise<Inbox> {
  const db = getDb(env);
  const own = db.select({ id: l.id }).from(l).where(eq(l.userId, userId));
  const [listings, rows, blocks] = await db.batch([
    db
      .select({ listingId: l.id, firstName: l.firstName, on: l.takesRequests, live: l.live })
      .from(l)
      .where(eq(l.userId, userId))
      .orderBy(asc(l.createdAt)),
    db
      .select()
      .from(r)
      .where(inArray(r.listingId, own))
      .orderBy(sql`${r.status} = 'new' desc`, desc(r.createdAt))
      .limit(SHOWN),
    db
      .select()
      .from(b)
      .where(and(eq(b.userId, userId), gt(b.expiresAt, now)))
      .orderBy(desc(b.createdAt)),
  ]);
  const names = new Map(listings.map((x) => [x.listingId, x.firstName]));
  return {
    listings,
    requests: await Promise.all(rows.map((row) => requestView(env, row, names.get(row.listingId) ?? "", now))),
    blocks: await Promise.all(
      blocks.map(async (x) => ({
        key: x.numberHash,
        label: await openOr(() => openBooking(env, blockBinding(userId), x.label), UNREADABLE),
        since: formatNzDate(x.createdAt),
        until: formatNzDate(x.expiresAt),
      })),
    ),
  };
}

/** A block's label is bound to its account: it opens on no other account's list. */
export const blockBinding = (userId: string) => `block:${userId}:label`;

/**
 * How many new requests wait, for the dashboard's menu, as one column (a scalar subquery) of a select that reads
 * more beside it: `owner` a user id or a subquery naming one (the dashboard's batch).
 */
export function newRequestCountColumn(db: Db, owner: SQL | Placeholder | string) {
  const mine = db.select({ id: l.id }).from(l).where(eq(l.userId, owner));
  return sql<number>`(select count(*) from ${r} where ${and(eq(r.status, "new"), inArray(r.listingId, mine))})`;
}

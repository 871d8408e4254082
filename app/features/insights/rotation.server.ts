// The grid's fair rotation in SQL: the same order as rotatedOrder (rotation.ts) computed by D1, so a page is
// still one query and OFFSET pages never overlap within a slot. Window functions rank each tier of the
// rows the grid matched; the order is fixed for the slot (its boost is taken at the slot's start), which is
// what lets the page cache key on the slot.
import { sql } from "drizzle-orm";
import type { SQL, SQLWrapper } from "drizzle-orm";
import { ACTIVE_WINDOW_MS } from "~/features/listings/state";
import { BOOST_FADE_MS, BOOST_POSITIONS, slotStart, SLOTS_PER_DAY } from "./rotation";

type RotationColumns = {
  featured: SQLWrapper;
  listedAt: SQLWrapper;
  id: SQLWrapper;
  active: SQLWrapper;
  activeUntil: SQLWrapper;
};

/**
 * ORDER BY terms in `slot`: Featured first, then the rotated position less the 'Available now' boost, then the
 * id. The slot, not the clock, is the input, so a grid's later pages can be read in its first page's slot.
 */
export function rotatedOrderBy(c: RotationColumns, slot: number): SQL[] {
  const at = slotStart(slot);
  const n = sql`count(*) over (partition by ${c.featured})`;
  const rank = sql`(row_number() over (partition by ${c.featured} order by ${c.listedAt} desc, ${c.id} desc) - 1)`;
  // floor(slot × n / 144) mod n, as rotationOffset: SQLite divides integers as integers.
  const position = sql`((${rank} - (${slot} * ${n} / ${SLOTS_PER_DAY}) % ${n} + ${n}) % ${n})`;
  const since = sql`(${c.activeUntil} - ${ACTIVE_WINDOW_MS})`;
  const boost = sql`(case when ${c.active} = 1 and ${c.activeUntil} > ${at} and ${at} - ${since} < ${BOOST_FADE_MS}
    then ${BOOST_POSITIONS} * (1.0 - max(0, ${at} - ${since}) * 1.0 / ${BOOST_FADE_MS}) else 0 end)`;
  return [sql`${c.featured} desc`, sql`${position} - ${boost}`, sql`${c.id} desc`];
}

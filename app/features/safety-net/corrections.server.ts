// The reported person's side: a correction request from the contact page. Anyone may send one; the answer
// is the same whether or not anything matched, so the form tells nobody what the list holds. The number or
// address given is hashed and only the ids of the current alerts it matched are kept for the administrator
// (docs/decisions/0023-safety-net.md).
import { and, eq, gt } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import { identifierHash } from "./safety-key.server";
import type { DbEnv } from "~/platform/data/db.server";

export async function createCorrection(
  env: DbEnv,
  correction: { contact: string; message: string; identifierKey: string | null },
  now: number,
): Promise<void> {
  const db = getDb(env);
  let matched: string[] = [];
  if (correction.identifierKey) {
    const hash = await identifierHash(env, correction.identifierKey);
    const r = schema.safetyReports;
    const i = schema.safetyIdentifiers;
    const rows = await db
      .select({ id: r.id })
      .from(i)
      .innerJoin(r, eq(r.id, i.reportId))
      .where(and(eq(i.hash, hash), eq(r.status, "published"), gt(r.expiresAt, now)));
    matched = rows.map((x) => x.id);
  }
  await db.insert(schema.safetyCorrections).values({
    id: newId(),
    contact: correction.contact,
    message: correction.message,
    matchedReports: JSON.stringify(matched),
    createdAt: now,
  });
}

// The e-mail each verification decision sends its owner, with the reason for a refusal and the next step.
import { eq } from "drizzle-orm";
import { visibilityInputs } from "~/features/listings/visibility";
import { visibilityColumns } from "~/features/listings/visibility.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { getDb, schema } from "~/platform/data/db.server";
import { verificationDecisionEmail } from "../emails";
import type { VerificationKind } from "../verification";

const l = schema.listings;
const u = schema.users;

/** Each decision reaches the owner by e-mail too, with the reason for a refusal and the next step. */
export async function tellOwner(
  env: EmailEnv & Pick<Env, "SITE_NAME">,
  decided: {
    listingId: string;
    kind: VerificationKind;
    rereview: boolean;
    status: "approved" | "rejected";
    reason: string;
  },
  origin: string,
) {
  const [row] = await getDb(env)
    .select({
      email: u.email,
      firstName: u.firstName,
      listingName: l.firstName,
      ...visibilityColumns,
    })
    .from(l)
    .innerJoin(u, eq(u.id, l.userId))
    .where(eq(l.id, decided.listingId))
    .limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...verificationDecisionEmail({
      origin,
      siteName: siteName(env),
      firstName: row.firstName,
      listingName: row.listingName,
      kind: decided.kind,
      rereview: decided.rereview,
      status: decided.status,
      reason: decided.reason,
      listing: visibilityInputs(row),
    }),
  });
}

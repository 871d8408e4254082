// The Safety Net tests' shared steps: providers with a verified listing, a report as the form sends it, the
// administrators' decisions, the number check (docs/decisions/0023-safety-net.md).
import { env } from "cloudflare:test";
import { nzDate } from "~/platform/time/nz-time";
import { signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

export const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
export const NOW_MONTH = new Date().toISOString().slice(0, 7);
/** Today's NZ date, as the form's date field takes it (NZ is 12 hours ahead of UTC in winter, 13 in summer). */
export const today = () => nzDate(Date.now());

// What is reported, and every way it could leak.
export const PHONE = "021 555 0199";
export const PHONE_FORMS = ["021 555 0199", "0215550199", "+64215550199", "215550199", "555 0199", "5550199"];
export const EMAIL = "Bad.Client@Example.test";
export const NAME = "Zebulon Quixote";

/** A signed-in provider with one listing in `region`: verified and live unless told. */
export async function provider(
  region = "Auckland",
  o: { paused?: boolean; verified?: boolean } = {},
): Promise<SignedIn> {
  const p = await signedIn({ firstName: "Provider" });
  const id = await insertListing({
    userId: p.userId,
    verified: o.verified ?? true,
    live: o.verified ?? true,
    location: region,
  });
  if (o.paused)
    await env.DB.prepare("UPDATE listings SET paused_at = ?, live = 0 WHERE id = ?").bind(Date.now(), id).run();
  return p;
}

export function report(p: SignedIn, over: Record<string, string> = {}) {
  return p.client.post("/dashboard/safety-net/report", {
    form: {
      incidentDate: today(),
      region: "Auckland",
      category: "theft",
      description: "Refused to pay and took the cash from my bag.",
      phones: PHONE,
      emails: EMAIL,
      name: NAME,
      ...over,
    },
  });
}

export async function reportIds(userId: string): Promise<string[]> {
  return (
    await rows<{ id: string }>("SELECT id FROM safety_reports WHERE user_id = ? ORDER BY created_at", userId)
  ).map((r) => r.id);
}

export function moderate(admin: SignedIn, fields: Record<string, string>) {
  return admin.client.post("/admin/safety-net", { form: fields });
}

export function publish(admin: SignedIn, reportId: string, over: Record<string, string> = {}) {
  return moderate(admin, {
    intent: "publish",
    reportId,
    alertRegion: "Auckland",
    alertMonth: NOW_MONTH,
    alertCategory: "theft",
    alertText: "Client refused to pay and took cash. Ask for payment first.",
    ...over,
  });
}

export function check(p: SignedIn, query: string) {
  return p.client.post("/dashboard/safety-net", { form: { intent: "check", query } });
}

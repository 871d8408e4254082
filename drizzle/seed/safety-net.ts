// Demo Safety Net alerts (docs/demo-data.md, "Safety Net"): a few published alerts in demo regions, reported
// by generated providers, so `npm start` shows the feature to the demo Independent (verified, in Auckland).
// DEMO_SAFETY_NUMBER is on exactly one of them. Hashes and sealed texts use .dev.vars' SAFETY_NET_KEY, as
// the running app does (app/features/safety-net/safety-key.server.ts).
import { identifierKey } from "../../app/features/safety-net/identifiers";
import { toE164 } from "../../app/core/phone-numbers";
import { alertExpiry } from "../../app/features/safety-net/retention";
import { identifierHash, sealText } from "../../app/features/safety-net/safety-key.server";
import { newId } from "../../app/platform/data/ids";
import { nzDate } from "../../app/platform/time/nz-time";
import { statement } from "./store";
import type { Statement } from "./store";

/** The documented demo number: a number check for it answers one published alert. */
export const DEMO_SAFETY_NUMBER = "021 000 0101";

const ALERTS = [
  {
    region: "Auckland",
    category: "theft",
    daysAgo: 3,
    text: "Booked an outcall in the central city, then refused to pay and left with the cash from the provider's bag. Ask for payment up front.",
    phone: DEMO_SAFETY_NUMBER,
  },
  {
    region: "Auckland",
    category: "police",
    daysAgo: 20,
    text: "Man claiming to be an undercover police officer asked for free services 'to avoid trouble'. Police do not do this.",
    phone: null,
  },
  {
    region: "Wellington",
    category: "condom",
    daysAgo: 9,
    text: "Removed the condom without consent during an incall booking. Tall, in his 40s.",
    phone: null,
  },
] as const;

/** The rows, as statements for the seed's batch; `reporterIds` are generated providers' ids. */
export async function safetyNetStatements(
  env: { SAFETY_NET_KEY?: unknown },
  reporterIds: readonly string[],
  now: number,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  for (const [i, alert] of ALERTS.entries()) {
    const id = newId();
    const at = now - alert.daysAgo * 86_400_000;
    // The month the provider says it happened in, an NZ month as the report form takes it (report-rules.ts).
    const month = nzDate(at).slice(0, 7);
    const date = new Date(at).toISOString().slice(0, 10);
    statements.push(
      statement(
        `INSERT INTO safety_reports (id, user_id, incident_date, region, category, description, status, alert_region,
          alert_month, alert_category, alert_text, created_at, updated_at, decided_at, published_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        reporterIds[i % reporterIds.length],
        date,
        alert.region,
        alert.category,
        await sealText(env, `${id}:description`, `Demo report. ${alert.text}`),
        alert.region,
        month,
        alert.category,
        await sealText(env, `${id}:alertText`, alert.text),
        at,
        at,
        at,
        at,
        alertExpiry(at),
      ),
    );
    if (alert.phone) {
      const hash = await identifierHash(env, identifierKey("phone", toE164(alert.phone)!));
      statements.push(statement("INSERT INTO safety_identifiers (report_id, hash) VALUES (?, ?)", id, hash));
    }
  }
  return statements;
}

// What a production deployment lacks, said in the log once per isolate, on the first thing it handles (a request,
// the cron or a queue batch). Each feature already refuses without its settings (503, never a silent stand-in);
// this line is how the operator learns why before a person runs into it. Development has the outbox, the test
// gateway and the keys .dev.vars holds, so it says nothing (README, 'Deploying').
import { supplierProblem } from "../app/features/billing/supplier";
import { windcaveConfigured } from "../app/features/payments/select.server";
import { hasSafetyNetKey } from "../app/features/safety-net/safety-key.server";
import { hasSealingKey } from "../app/platform/crypto/sealing-key.server";
import { hasVisitorKey } from "../app/platform/crypto/visitor-key.server";
import { missingEmailSettings } from "../app/platform/email/email.server";
import { missingSmsSettings } from "../app/platform/sms/sms.server";
import { hasBookingsKey } from "../app/features/bookings/booking-key.server";
import { isDevelopment } from "../app/platform/env";

/** One sentence per missing or wrong setting: what it is and what answers 503 until it is put right. */
export function deploymentProblems(env: Env): string[] {
  if (isDevelopment(env)) return [];
  const problems: string[] = [];
  const mail = missingEmailSettings(env);
  if (mail.length > 0)
    problems.push(
      `e-mail is off (${mail.join(", ")} not set): sign-up, password resets and changes of e-mail address answer 503`,
    );
  const sms = missingSmsSettings(env);
  if (sms.length > 0)
    problems.push(
      `text messages are off (${sms.join(", ")} not set): the booking request form answers 503, and accepting or suggesting a time in the inbox too`,
    );
  if (!hasBookingsKey(env))
    problems.push("BOOKINGS_KEY is not set: the booking request form and the providers' inboxes answer 503");
  if (!hasSealingKey(env)) problems.push("SEALING_KEY is not set: two-factor sign-in answers 503");
  if (!hasSafetyNetKey(env)) problems.push("SAFETY_NET_KEY is not set: the Safety Net answers 503");
  if (!hasVisitorKey(env))
    problems.push("VISITOR_KEY is not set: likes and contact taps answer 503, and nothing is counted");
  if (!windcaveConfigured(env))
    problems.push(
      "Windcave's settings (WINDCAVE_API_URL, WINDCAVE_API_USERNAME, WINDCAVE_API_KEY) are not all set: checkout answers 503 and the cron charges nothing",
    );
  const supplier = supplierProblem(env);
  if (supplier) problems.push(`${supplier}: checkout answers 503, the cron charges nothing and no receipt is mailed`);
  return problems;
}

const ISOLATE = { reported: false };

/** Logs deploymentProblems once per isolate (`isolate` is the tests' own memory). */
export function reportDeploymentProblems(
  env: Env,
  isolate: { reported: boolean } = ISOLATE,
  log: (line: string) => void = (line) => console.error(line),
): void {
  if (isolate.reported) return;
  isolate.reported = true;
  for (const problem of deploymentProblems(env)) log(`settings: ${problem}`);
}

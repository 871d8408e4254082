// The owner dashboard page (/dashboard): what it loads and what its switches and 'Take a break' forms do.
// The route module only wires these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUserForPost } from "~/features/accounts/guards.server";
import { pauseListing, resumeListing } from "~/features/listings/pause.server";
import { confirmFromDashboard } from "~/features/listings/stale-check.server";
import { askWorker } from "~/features/listings/consent.server";
import { saveAgency } from "~/features/agencies/agency.server";
import { agencyValues, mayPublish } from "~/features/agencies/agency";
import type { AgencyValues } from "~/features/agencies/agency";
import { parseDesired } from "~/features/listings/state";
import { PAUSE_UNTIL_FIELD } from "~/features/listings/upkeep";
import { readFlash } from "~/features/site/flash.server";
import { ERROR_MSG } from "~/features/site/messages";
import { isId } from "~/platform/data/ids";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { setListingFlag } from "./dashboard.server";
import { ownerWriteLimited } from "~/features/listings/own-listing.server";
import { dismissTwoFactorReminder, isDismissTwoFactorIntent } from "~/features/accounts/two-factor-reminder.server";
import { readDashboard } from "./dashboard-reads.server";

export async function dashboardPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  // Routes match case-insensitively; /Dashboard (the spec's spelling) settles on one address.
  if (url.pathname !== "/dashboard") throw redirect(`/dashboard${url.search}`, 301);
  const now = Date.now();
  // One D1 round trip: the session with the listings, the notices, the past-due listings' deadlines (on their
  // cards), whether the menu offers the Safety Net, what each hidden listing still needs, and the menu's count
  // of booking requests waiting for an answer, its open takedown cases, its photos held for review, the two-factor
  // reminder (decision 0056) and, for an agency, its details and its workers' consents. Nothing else on the page
  // reads D1: each read added beside the batch is a round trip of its own (docs/performance.md).
  const {
    user,
    listings,
    verificationNotices,
    paymentDeadlines,
    safety,
    publicStates,
    newRequests,
    takedowns,
    heldPhotos,
    heldNumbers,
    consents,
    agency,
    twoFactor,
  } = await readDashboard(request, context, now);
  // "Request sent" after the verification pages redirect here.
  const flash = await readFlash(request, context.cloudflare.env);
  return data(
    {
      userId: user.id,
      accountFirstName: user.firstName,
      agency: user.agency,
      listings,
      verificationNotices,
      notice: flash.notice,
      now,
      paymentDeadlines,
      safetyNet: safety.access || safety.ownReports,
      consents,
      agencyDetails: user.agency
        ? {
            values: agencyValues(agency, user.firstName),
            status: {
              mayPublish: mayPublish(agency),
              suspended: agency?.suspendedAt != null,
              filledIn: agency != null,
              slug: agency?.slug ?? null,
            },
          }
        : null,
      publicStates,
      newRequests,
      takedowns,
      heldPhotos,
      heldNumbers,
      twoFactor,
    },
    { headers: flash.headers },
  );
}

export type ToggleFailure = { error: string; listingId?: string; field?: string };

/**
 * The switches' form posts: intent 'active' | 'live', listingId, value 'true' | 'false'. With JavaScript
 * (the fetcher adds js=1) the answer is data; without it a redirect back (post/redirect/get).
 * 'Take a break' posts intent 'pause' (with the return date in `until`, empty for 'until I resume') or
 * 'resume'; a refused date comes back beside its field.
 */
export async function dashboardAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserForPost(request, env, "/dashboard");
  const form = await readForm(request);
  const intent = form?.get("intent");
  const listingId = form?.get("listingId");
  const desired = parseDesired(form?.get("value") ?? undefined);
  const fail = (status: number, error: string) =>
    data<ToggleFailure>(
      { error, listingId: typeof listingId === "string" ? listingId : undefined },
      { status, headers: NO_STORE },
    );
  if (isDismissTwoFactorIntent(intent)) {
    await dismissTwoFactorReminder(env, user.id);
    throw redirect("/dashboard", { status: 303, headers: NO_STORE });
  }
  if (intent === "pause" || intent === "resume" || intent === "confirm") {
    if (!isId(listingId)) return fail(400, ERROR_MSG.invalidListingId);
    if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
    const until = form?.get(PAUSE_UNTIL_FIELD);
    const result =
      intent === "pause"
        ? await pauseListing(env, ctx, user.id, listingId, typeof until === "string" ? until : "")
        : intent === "resume"
          ? await resumeListing(env, ctx, user.id, listingId)
          : await confirmFromDashboard(env, ctx, user.id, listingId);
    if (!result.ok)
      return data<ToggleFailure>(
        { error: result.error, listingId, field: result.field },
        { status: result.status, headers: NO_STORE },
      );
    if (form?.get("js") !== "1") throw redirect("/dashboard", { status: 303, headers: NO_STORE });
    return data({ ok: true as const, listingId }, { headers: NO_STORE });
  }
  if (intent === "agency") {
    if (!user.agency) return fail(403, "Only an agency has agency details.");
    if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
    const text = (name: string) => {
      const v = form?.get(name);
      return typeof v === "string" ? v : "";
    };
    const mode = text("certificateMode");
    const values: AgencyValues = {
      name: text("name"),
      regions: (form?.getAll("regions") ?? []).filter((r): r is string => typeof r === "string"),
      description: text("description"),
      contactLine: text("contactLine"),
      openingHours: text("openingHours"),
      certificateMode: mode === "certificate" || mode === "none" ? mode : "",
      certificateNumber: text("certificateNumber"),
      certificateExpires: text("certificateExpires"),
      noCertificateReason: text("noCertificateReason"),
    };
    const saved = await saveAgency(env, ctx, user.id, values);
    if (!saved.ok)
      return data(
        {
          error: "Please check the agency's details.",
          field: "agency",
          agencyErrors: saved.fieldErrors,
          agencyValues: values,
        },
        { status: 400, headers: NO_STORE },
      );
    return data({ ok: true as const, agencySaved: true as const }, { headers: NO_STORE });
  }
  if (intent === "consent") {
    if (!isId(listingId)) return fail(400, ERROR_MSG.invalidListingId);
    if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
    const result = await askWorker(env, new URL(request.url).origin, user, listingId, {
      email: form?.get("email"),
      onAgencyPage: form?.get("onAgencyPage") === "yes",
    });
    if (!result.ok)
      return data<ToggleFailure>(
        { error: result.error, listingId, field: result.field ? "worker-email" : undefined },
        { status: result.status, headers: NO_STORE },
      );
    return data({ ok: true as const, listingId, sent: true as const }, { headers: NO_STORE });
  }
  if (intent !== "active" && intent !== "live") return fail(400, ERROR_MSG.unknownAction);
  if (!isId(listingId)) return fail(400, ERROR_MSG.invalidListingId);
  if (desired === null) return fail(400, "value must be true or false");
  if (await ownerWriteLimited(env, user.id)) return fail(429, ERROR_MSG.tooManyChanges);
  const result = await setListingFlag(env, ctx, user.id, listingId, intent, desired);
  if (!result.ok) return fail(result.status, result.error);
  if (form?.get("js") !== "1") throw redirect("/dashboard", { status: 303, headers: NO_STORE });
  return data({ ok: true as const, listingId }, { headers: NO_STORE });
}

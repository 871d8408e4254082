// What the /managesub plan intents answer with: the page's own result, never kept by a cache.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/core/session-user";
import type { PlanResult } from "./plan-result";
import { NO_STORE } from "~/platform/http/page-answer";

export type { PlanResult };

/** One posted plan intent: the request, the Worker's bindings, who posted and what. */
export type PlanIntentArgs = {
  request: Request;
  cf: AppLoadContext["cloudflare"];
  user: SessionUser;
  form: FormData | null;
};

export const reply = (body: PlanResult, status = 200) => data(body, { status, headers: NO_STORE });

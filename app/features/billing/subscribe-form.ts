// The subscribe form (spec §9): one hidden field naming the plan, read by the /subscriptions action.
import { z } from "zod";
import { PLAN_TIERS, TIER_ERROR } from "~/core/plans";

export const subscribeFormSchema = z.object({
  tier: z.enum(PLAN_TIERS, { error: TIER_ERROR }),
});

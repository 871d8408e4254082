// 2. Save checks: the spec's second check at save ('{label} is required', bounds, phone digits; see
// ../schema.ts).
import { z } from "zod";
import { LIMITS, LISTING_MSG, NUMBER_BOUNDS } from "./limits";
import { collect } from "./page-checks";
import { NUMBER, phoneDigits } from "./values";
import type { FieldErrors, ListingValues } from "./values";

function boundedNumber(label: string, min: number, max: number) {
  return z.string().superRefine((raw, ctx) => {
    const s = raw.trim();
    if (s === "") return;
    if (!NUMBER.test(s)) ctx.addIssue({ code: "custom", message: LISTING_MSG.notNumber(label) });
    else if (Number(s) < min) ctx.addIssue({ code: "custom", message: LISTING_MSG.atLeast(label, min) });
    else if (Number(s) > max) ctx.addIssue({ code: "custom", message: LISTING_MSG.atMost(label, max) });
  });
}

const priceCheck = (label: string) => boundedNumber(label, 0, LIMITS.maxPrice);

const saveSchema = z.object({
  firstName: z.string().trim().min(1, LISTING_MSG.required("Display Name")),
  tagLine: z.string().trim().min(1, LISTING_MSG.required("Tagline")),
  age: z
    .string()
    .trim()
    .min(1, LISTING_MSG.required("Age"))
    .refine((s) => /^\d+$/.test(s) && Number(s) >= 18 && Number(s) <= 99, LISTING_MSG.ageRange),
  photoCount: z.number().min(1, LISTING_MSG.oneImage),
  height: boundedNumber(NUMBER_BOUNDS.height.label, NUMBER_BOUNDS.height.min, NUMBER_BOUNDS.height.max),
  weight: boundedNumber(NUMBER_BOUNDS.weight.label, NUMBER_BOUNDS.weight.min, NUMBER_BOUNDS.weight.max),
  dressSize: boundedNumber(NUMBER_BOUNDS.dressSize.label, NUMBER_BOUNDS.dressSize.min, NUMBER_BOUNDS.dressSize.max),
  contactPhone: z.string().refine((s) => phoneDigits(s) !== null, LISTING_MSG.phoneDigits),
  rates: z.array(z.object({ price: priceCheck("Price") })),
  specialRates: z.array(z.object({ rate: priceCheck("Rate") })),
});

/** The spec's second check at save. */
export function saveChecks(values: ListingValues, photoCount: number): FieldErrors {
  return collect(saveSchema.safeParse({ ...values, photoCount }), {});
}

// 1. Page checks: what Next checks on each wizard page, with the spec's page messages (see ../schema.ts).
import { z } from "zod";
import type { Page } from "../editor-pages";
import { MIN_PHOTOS } from "~/features/photos/rules";
import { LIMITS, LISTING_MSG } from "./limits";
import { isBlank, NUMBER } from "./values";
import type { FieldErrors, ListingValues } from "./values";

const pageOneSchema = z.object({
  firstName: z.string().trim().min(1, LISTING_MSG.displayName),
  location: z.string().trim().min(1, LISTING_MSG.location),
  contactPhone: z.string().trim().min(1, LISTING_MSG.phone),
  calls: z.string().trim().min(1, LISTING_MSG.calls),
  tagLine: z.string().trim().min(LIMITS.tagLineMin, LISTING_MSG.tagLineMin),
  description: z.string().trim().min(LIMITS.descriptionMin, LISTING_MSG.descriptionMin),
  photoCount: z.number().min(MIN_PHOTOS, LISTING_MSG.photos),
});

const pageTwoSchema = z.object({
  age: z
    .string()
    .trim()
    .min(1, LISTING_MSG.ageRequired)
    .refine((s) => NUMBER.test(s) && Number(s) >= 18, LISTING_MSG.ageOver18)
    // Over 99 is not 'under 18': it gets the range the save check names (spec provider §5, second check).
    .refine((s) => !NUMBER.test(s) || Number(s) <= 99, LISTING_MSG.ageRange),
});

const pageThreeSchema = z.object({
  rates: z
    .array(z.object({ price: z.string(), duration: z.string() }))
    .refine((rates) => rates.some((r) => !isBlank(r.price) && !isBlank(r.duration)), LISTING_MSG.rates),
});

/** Renames the photo count's error key to the field the editor shows it beside. */
const keyFor = (path: PropertyKey[]) => (path[0] === "photoCount" ? "images" : path.map(String).join("."));

export function collect(result: { success: boolean; error?: z.ZodError }, into: FieldErrors) {
  if (result.success || !result.error) return into;
  for (const issue of result.error.issues) {
    const key = keyFor(issue.path);
    if (!(key in into)) into[key] = issue.message;
  }
  return into;
}

/** What Next checks on one page (and save checks on all three), with the spec's page messages. */
export function pageChecks(values: ListingValues, photoCount: number, pages: Page[] = [1, 2, 3]): FieldErrors {
  const errors: FieldErrors = {};
  if (pages.includes(1)) collect(pageOneSchema.safeParse({ ...values, photoCount }), errors);
  if (pages.includes(2)) collect(pageTwoSchema.safeParse(values), errors);
  if (pages.includes(3)) collect(pageThreeSchema.safeParse(values), errors);
  return errors;
}

// The create/update multipart body (provider spec §7), written by the editor and read by the server:
//  - scalar fields by name; services, interests and favorites as repeated entries (a single
//    comma-separated entry is accepted too);
//  - rates[i][call_type|duration|price|description] and specialRates[i][serviceName|duration|rate|description];
//  - imagePositions: JSON [{imageId, position}] for saved images;
//  - newImagePositions: JSON [position, ...], one per additionalImages file part, in order;
//  - uploadIds: JSON [{uploadId, position}] for photos already sent to POST /api/uploads;
//  - schedule: JSON, seven lists (Monday first) of {start, end} "HH:MM" ranges; absent means no weekly hours;
//  - tours: JSON, up to five {region, suburb, start, end} tour stops (NZ dates YYYY-MM-DD); absent means none;
//  - modelId on updates.
import { coerceValues } from "./schema";
import type { ListingValues, RateValues, SpecialRateValues } from "./schema";

export const SCALAR_FIELDS = [
  "firstName",
  "location",
  "suburb",
  "contactPhone",
  "calls",
  "tagLine",
  "description",
  "age",
  "nationality",
  "bodyType",
  "height",
  "weight",
  "bust",
  "eyeColour",
  "hairColour",
  "dressSize",
  "instagram",
  "twitter",
  "onlyFans",
  "website",
  "availability",
] as const;

const LIST_FIELDS = ["services", "interests", "favorites"] as const;
const RATE_KEYS = ["call_type", "duration", "price", "description"] as const;
const SPECIAL_KEYS = ["serviceName", "duration", "rate", "description"] as const;
/** Indexed entries beyond this are refused rather than allocated (rates[999999][price]). */
const MAX_ROW_INDEX = 49;

export type ImagePosition = { imageId: string; position: number };
export type UploadPosition = { uploadId: string; position: number };
export type ImagePlanInput = {
  imagePositions: ImagePosition[];
  uploadIds: UploadPosition[];
  newImagePositions: number[];
};

export type ListingBody = {
  values: ListingValues;
  listingId: string | null;
  imagePositions: ImagePosition[];
  uploadIds: UploadPosition[];
  newImagePositions: number[];
  files: File[];
};

export type BodyError = { error: string; field?: string };

/** The multipart body the editor sends (files are added by the caller when it has any). */
export function listingFormData(
  values: ListingValues,
  plan: Partial<ImagePlanInput> & { listingId?: string },
): FormData {
  const fd = new FormData();
  if (plan.listingId) fd.set("modelId", plan.listingId);
  for (const key of SCALAR_FIELDS) fd.set(key, values[key]);
  // The spec's body also carries an emptied lastName (the display name is the first name only).
  fd.set("lastName", "");
  for (const key of LIST_FIELDS) for (const item of values[key]) fd.append(key, item);
  values.rates.forEach((r, i) => RATE_KEYS.forEach((k) => fd.set(`rates[${i}][${k}]`, r[k])));
  values.specialRates.forEach((s, i) => SPECIAL_KEYS.forEach((k) => fd.set(`specialRates[${i}][${k}]`, s[k])));
  fd.set("schedule", JSON.stringify(values.schedule));
  fd.set("tours", JSON.stringify(values.tours));
  fd.set("imagePositions", JSON.stringify(plan.imagePositions ?? []));
  fd.set("uploadIds", JSON.stringify(plan.uploadIds ?? []));
  fd.set("newImagePositions", JSON.stringify(plan.newImagePositions ?? []));
  return fd;
}

function parseJsonList<T>(
  raw: FormDataEntryValue | null,
  field: string,
  check: (item: unknown) => item is T,
): T[] | BodyError {
  if (raw == null || raw === "") return [];
  if (typeof raw !== "string") return { error: `${field} must be JSON text`, field };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { error: `${field} is not valid JSON`, field };
  }
  if (!Array.isArray(value) || value.length > 100 || !value.every(check))
    return { error: `${field} is not a valid list`, field };
  return value;
}

const isPosition = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 1000;
const isImagePosition = (v: unknown): v is ImagePosition =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ImagePosition).imageId === "string" &&
  isPosition((v as ImagePosition).position);
const isUploadPosition = (v: unknown): v is UploadPosition =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as UploadPosition).uploadId === "string" &&
  isPosition((v as UploadPosition).position);
const isError = (v: unknown): v is BodyError =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "error" in v;

/** Reads the multipart body. Never throws: a malformed part is a BodyError for a 400. */
export function readListingBody(fd: FormData): ListingBody | BodyError {
  const raw: Record<string, unknown> = {};
  for (const key of SCALAR_FIELDS) {
    const value = fd.get(key);
    if (value != null && typeof value !== "string") return { error: `${key} must be text`, field: key };
    raw[key] = value ?? "";
  }
  for (const key of LIST_FIELDS) {
    const entries = [...fd.getAll(key), ...fd.getAll(`${key}[]`)];
    for (const [name] of fd.entries())
      if (name.startsWith(`${key}[`) && name !== `${key}[]`) entries.push(fd.get(name)!);
    if (entries.some((e) => typeof e !== "string")) return { error: `${key} must be text`, field: key };
    const items = (entries as string[])
      .flatMap((e) => (entries.length === 1 ? e.split(",") : [e]))
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length > 100) return { error: `${key} has too many entries`, field: key };
    raw[key] = items;
  }
  const rates = readRows(fd, "rates", RATE_KEYS);
  if (isError(rates)) return rates;
  const specialRates = readRows(fd, "specialRates", SPECIAL_KEYS);
  if (isError(specialRates)) return specialRates;
  raw.rates = rates;
  raw.specialRates = specialRates;
  const schedule = readSchedule(fd.get("schedule"));
  if (isError(schedule)) return schedule;
  raw.schedule = schedule;
  const tours = readJsonArray(fd.get("tours"), TOURS_BODY);
  if (isError(tours)) return tours;
  raw.tours = tours;

  const imagePositions = parseJsonList(fd.get("imagePositions"), "imagePositions", isImagePosition);
  if (isError(imagePositions)) return imagePositions;
  const uploadIds = parseJsonList(fd.get("uploadIds"), "uploadIds", isUploadPosition);
  if (isError(uploadIds)) return uploadIds;
  const newImagePositions = parseJsonList(fd.get("newImagePositions"), "newImagePositions", isPosition);
  if (isError(newImagePositions)) return newImagePositions;
  const files: File[] = [];
  for (const part of fd.getAll("additionalImages")) {
    if (typeof part === "string") return { error: "additionalImages must be files", field: "additionalImages" };
    files.push(part);
  }
  const listingId = fd.get("modelId");
  if (listingId != null && typeof listingId !== "string") return { error: "modelId must be text", field: "modelId" };
  return {
    values: coerceValues(raw),
    listingId: listingId ? listingId.trim() : null,
    imagePositions,
    uploadIds,
    newImagePositions,
    files,
  };
}

type JsonArrayPart = { field: string; error: string; maxText: number; maxItems?: number };

/** Seven lists of ranges are a few hundred bytes; anything much longer is not a schedule. */
const SCHEDULE_BODY: JsonArrayPart = {
  field: "schedule",
  error: "schedule is not a valid weekly schedule",
  maxText: 2000,
};
/**
 * A few more stops than allowed still get the editor's 'At most 5 tour stops.' beside the field; a list far
 * longer than any editor sends is refused whole.
 */
const TOURS_BODY: JsonArrayPart = {
  field: "tours",
  error: "tours is not a valid list of tour stops",
  maxText: 4000,
  maxItems: 20,
};

function readSchedule(raw: FormDataEntryValue | null): unknown[] | BodyError {
  return readJsonArray(raw, SCHEDULE_BODY);
}

/** A JSON array part whose items the validation checks one by one; absent or empty means none. */
function readJsonArray(raw: FormDataEntryValue | null, part: JsonArrayPart): unknown[] | BodyError {
  if (raw == null || raw === "") return [];
  const refused = { error: part.error, field: part.field };
  if (typeof raw !== "string" || raw.length > part.maxText) return refused;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.length <= (part.maxItems ?? value.length) ? value : refused;
  } catch {
    return refused;
  }
}

function readRows<K extends string>(fd: FormData, name: string, keys: readonly K[]): Record<K, string>[] | BodyError {
  const pattern = new RegExp(`^${name}\\[(\\d+)\\]\\[(\\w+)\\]$`);
  const rows: Record<K, string>[] = [];
  for (const [entry, value] of fd.entries()) {
    const m = pattern.exec(entry);
    if (!m) continue;
    const index = Number(m[1]);
    if (index > MAX_ROW_INDEX) return { error: `Too many ${name}`, field: name };
    if (!(keys as readonly string[]).includes(m[2])) continue;
    if (typeof value !== "string") return { error: `${name} must be text`, field: name };
    while (rows.length <= index) rows.push(Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>);
    rows[index][m[2] as K] = value;
  }
  return rows;
}

export type { RateValues, SpecialRateValues };

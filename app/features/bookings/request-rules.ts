// The 'Request a booking' form's fields and how each is read: the name to use, the date and time (NZ), how
// long, incall or outcall (with the suburb for an outcall), a short message and a New Zealand mobile number.
// Every refusal is a sentence for beside its field. Pure: unit-tested in tests/unit/bookings.test.ts.
import { toE164 } from "~/core/phone-numbers";
import { addDays, isCalendarDate, nzClock, nzDate, nzWallTime } from "~/platform/time/nz-time";
import { CODE_DIGITS, MAX_DAYS_AHEAD } from "./limits";

export const NAME_MAX = 40;
export const SUBURB_MAX = 60;
export const MESSAGE_MAX = 300;

/** How long, in minutes, with the words the form and the inbox use. */
export const LENGTHS = [
  { minutes: 30, label: "30 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 90, label: "1.5 hours" },
  { minutes: 120, label: "2 hours" },
  { minutes: 180, label: "3 hours" },
  { minutes: 240, label: "4 hours" },
  { minutes: 720, label: "Overnight" },
] as const;

export function lengthLabel(minutes: number): string {
  return LENGTHS.find((l) => l.minutes === minutes)?.label ?? `${minutes} minutes`;
}

export const PLACES = [
  { id: "incall", label: "Incall: I come to you" },
  { id: "outcall", label: "Outcall: you come to me" },
] as const;
export type Place = (typeof PLACES)[number]["id"];

/** The form's field names, as the inputs and the error map name them. */
export type RequestField = "name" | "date" | "time" | "length" | "place" | "suburb" | "message" | "phone";

export const REQUEST_MSG = {
  name: "Enter the name to use.",
  nameLong: `At most ${NAME_MAX} characters.`,
  date: "Choose a date.",
  datePast: "Choose today or a later date.",
  dateFar: `Choose a date within the next ${MAX_DAYS_AHEAD} days.`,
  time: "Choose a time.",
  timePast: "That time has passed. Choose a later one.",
  length: "Choose how long.",
  place: "Choose incall or outcall.",
  suburb: "Enter your suburb for an outcall.",
  suburbLong: `At most ${SUBURB_MAX} characters.`,
  messageLong: `At most ${MESSAGE_MAX} characters.`,
  phone: "Enter your mobile number.",
  phoneNotMobile: "Enter a New Zealand mobile number, like 021 123 4567. Codes go only to NZ mobiles.",
  code: `Enter the ${CODE_DIGITS}-digit code from the text.`,
} as const;

/** What a request holds once read: the number in E.164, the time as an instant. */
export type RequestInput = {
  name: string;
  startsAt: number;
  minutes: number;
  place: Place;
  suburb: string;
  message: string;
  number: string;
};

export type ParsedRequest =
  { ok: true; request: RequestInput } | { ok: false; errors: Partial<Record<RequestField, string>> };

/**
 * A New Zealand mobile number in E.164, or null. Mobiles are 02x (020, 021, 022, 027, 028, 029) with 7 to 9
 * digits after the 2x; the Safety Net's normaliser reads every usual way of writing one, so a request's number
 * hashes as a report's does.
 */
export function nzMobile(input: string): string | null {
  const e164 = toE164(input);
  if (!e164) return null;
  return /^\+642[012789]\d{6,8}$/.test(e164) ? e164 : null;
}

/** "021 ••• •567": enough for the visitor to see which number the code went to. */
export function maskedNumber(e164: string): string {
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 3)} ••• •${national.slice(-3)}`;
}

/** The last three digits, for the provider's block list. */
export function lastDigits(e164: string): string {
  return e164.slice(-3);
}

/** "021 123 4567" from E.164, as the provider reads and dials it. */
export function nationalNumber(e164: string): string {
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" as minutes past midnight, or null. */
export function readTime(value: string): number | null {
  const m = TIME.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** One line of text: control characters out, spaces folded, trimmed. */
function oneLine(value: string | undefined): string {
  return (value ?? "")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A short message: lines kept (at most two in a row empty), control characters out, trimmed. */
function shortText(value: string | undefined): string {
  return (value ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(/\p{Cc}/gu, (c) => (c === "\n" ? c : " "))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The booking's date and time as an instant, or the error for the field that is wrong. */
function readWhen(
  date: string,
  time: string,
  now: number,
): { ok: true; startsAt: number } | { ok: false; field: "date" | "time"; error: string } {
  if (!date) return { ok: false, field: "date", error: REQUEST_MSG.date };
  if (!isCalendarDate(date)) return { ok: false, field: "date", error: REQUEST_MSG.date };
  const today = nzDate(now);
  if (date < today) return { ok: false, field: "date", error: REQUEST_MSG.datePast };
  if (date > addDays(today, MAX_DAYS_AHEAD)) return { ok: false, field: "date", error: REQUEST_MSG.dateFar };
  const minutes = readTime(time);
  if (minutes === null) return { ok: false, field: "time", error: REQUEST_MSG.time };
  if (date === today && minutes <= nzClock(now).minutes)
    return { ok: false, field: "time", error: REQUEST_MSG.timePast };
  return { ok: true, startsAt: nzWallTime(date, minutes) };
}

/** The form's fields read, or an error beside each field that is wrong. */
export function parseRequestForm(fields: Record<string, string>, now: number): ParsedRequest {
  const errors: Partial<Record<RequestField, string>> = {};
  const name = oneLine(fields.name);
  if (!name) errors.name = REQUEST_MSG.name;
  else if (name.length > NAME_MAX) errors.name = REQUEST_MSG.nameLong;

  const when = readWhen((fields.date ?? "").trim(), fields.time ?? "", now);
  if (!when.ok) errors[when.field] = when.error;

  const minutes = Number(fields.length);
  const length = LENGTHS.find((l) => String(l.minutes) === (fields.length ?? "").trim() && l.minutes === minutes);
  if (!length) errors.length = REQUEST_MSG.length;

  const place = PLACES.find((p) => p.id === fields.place)?.id;
  if (!place) errors.place = REQUEST_MSG.place;

  const suburb = oneLine(fields.suburb);
  if (suburb.length > SUBURB_MAX) errors.suburb = REQUEST_MSG.suburbLong;
  else if (place === "outcall" && !suburb) errors.suburb = REQUEST_MSG.suburb;

  const message = shortText(fields.message);
  if (message.length > MESSAGE_MAX) errors.message = REQUEST_MSG.messageLong;

  const phone = (fields.phone ?? "").trim();
  const number = phone ? nzMobile(phone) : null;
  if (!phone) errors.phone = REQUEST_MSG.phone;
  else if (!number) errors.phone = REQUEST_MSG.phoneNotMobile;

  if (Object.keys(errors).length > 0 || !when.ok || !length || !place || !number) return { ok: false, errors };
  return {
    ok: true,
    request: { name, startsAt: when.startsAt, minutes: length.minutes, place, suburb, message, number },
  };
}

/** The code as typed (spaces allowed), or null when it is not six digits. */
export function readCode(value: string | undefined): string | null {
  const digits = (value ?? "").replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** A fresh code: six digits from the platform's random source, every value equally likely. */
export function newCode(): string {
  const max = 10 ** CODE_DIGITS;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return String(buf[0] % max).padStart(CODE_DIGITS, "0");
  }
}

// Booking requests' pure rules (docs/decisions/0052-booking-requests.md): which numbers take a code, how the
// form is read (every refusal for its own field), the code, the discreet texts, the NZ wall-clock time of a
// booking, and how long things are kept.
import { describe, expect, it } from "vitest";
import { blockExpiry, numberOpen, REQUEST_KEEP_DAYS, requestDeleteAt } from "~/features/bookings/limits";
import {
  maskedNumber,
  nationalNumber,
  newCode,
  nzMobile,
  parseRequestForm,
  readCode,
  REQUEST_MSG,
} from "~/features/bookings/request-rules";
import {
  acceptText,
  bookingWhen,
  codeText,
  declineText,
  newRequestEmail,
  suggestText,
} from "~/features/bookings/texts";
import { nzClock, nzWallTime } from "~/platform/time/nz-time";

// 2026-11-28 10:00 in New Zealand (daylight time, UTC+13).
const NOW = Date.UTC(2026, 10, 27, 21, 0);

const valid = {
  name: "Sam",
  date: "2026-11-29",
  time: "19:30",
  length: "60",
  place: "outcall",
  suburb: "Ponsonby",
  message: "First time. Parking?",
  phone: "021 555 0123",
};

describe("the number", () => {
  it("takes New Zealand mobiles written any usual way, and nothing else", () => {
    for (const n of ["021 555 0123", "0215550123", "+64 21 555 0123", "+64 (0)21 555 0123", "0064215550123"])
      expect(nzMobile(n), n).toBe("+64215550123");
    expect(nzMobile("027 444 12345")).toBe("+642744412345");
    expect(nzMobile("022 123 4567")).toBe("+64221234567");
    // A landline, an 0800 number, an Australian mobile, rubbish.
    for (const n of ["09 123 4567", "0800 123 456", "+61 412 345 678", "024 123 456", "hello", ""])
      expect(nzMobile(n), n).toBeNull();
  });

  it("is shown masked to the visitor and whole to the provider", () => {
    expect(maskedNumber("+64215550123")).toBe("021 ••• •123");
    expect(nationalNumber("+64215550123")).toBe("021 555 0123");
  });
});

describe("the form", () => {
  it("reads a whole request: the time as the NZ instant, the number in E.164", () => {
    const parsed = parseRequestForm(valid, NOW);
    expect(parsed).toEqual({
      ok: true,
      request: {
        name: "Sam",
        startsAt: Date.UTC(2026, 10, 29, 6, 30),
        minutes: 60,
        place: "outcall",
        suburb: "Ponsonby",
        message: "First time. Parking?",
        number: "+64215550123",
      },
    });
  });

  it("puts each refusal beside its own field", () => {
    const errors = (over: Record<string, string>) => {
      const parsed = parseRequestForm({ ...valid, ...over }, NOW);
      return parsed.ok ? {} : parsed.errors;
    };
    expect(errors({ name: "  " })).toEqual({ name: REQUEST_MSG.name });
    expect(errors({ name: "x".repeat(41) })).toEqual({ name: REQUEST_MSG.nameLong });
    expect(errors({ date: "" })).toEqual({ date: REQUEST_MSG.date });
    expect(errors({ date: "2026-02-30" })).toEqual({ date: REQUEST_MSG.date });
    expect(errors({ date: "2026-11-27" })).toEqual({ date: REQUEST_MSG.datePast });
    expect(errors({ date: "2027-03-01" })).toEqual({ date: REQUEST_MSG.dateFar });
    expect(errors({ time: "25:00" })).toEqual({ time: REQUEST_MSG.time });
    // Today, earlier than now (10:00 in NZ).
    expect(errors({ date: "2026-11-28", time: "09:45" })).toEqual({ time: REQUEST_MSG.timePast });
    expect(errors({ date: "2026-11-28", time: "10:15" })).toEqual({});
    expect(errors({ length: "45" })).toEqual({ length: REQUEST_MSG.length });
    expect(errors({ place: "" })).toEqual({ place: REQUEST_MSG.place });
    expect(errors({ suburb: "" })).toEqual({ suburb: REQUEST_MSG.suburb });
    expect(errors({ place: "incall", suburb: "" })).toEqual({});
    expect(errors({ message: "x".repeat(301) })).toEqual({ message: REQUEST_MSG.messageLong });
    expect(errors({ phone: "" })).toEqual({ phone: REQUEST_MSG.phone });
    expect(errors({ phone: "09 123 4567" })).toEqual({ phone: REQUEST_MSG.phoneNotMobile });
    // Several at once, each beside its field.
    expect(Object.keys(errors({ name: "", phone: "", length: "" })).sort()).toEqual(["length", "name", "phone"]);
  });

  it("keeps the message's lines and drops control characters", () => {
    const parsed = parseRequestForm({ ...valid, name: "Sam\u0000 \tB", message: "a\r\n\r\n\r\n\r\nb\u0007c" }, NOW);
    expect(parsed.ok && parsed.request.name).toBe("Sam B");
    expect(parsed.ok && parsed.request.message).toBe("a\n\nb c");
  });
});

describe("the code", () => {
  it("is six digits, typed with or without spaces", () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
    expect(readCode(" 123 456 ")).toBe("123456");
    expect(readCode("12345")).toBeNull();
    expect(readCode("12345a")).toBeNull();
    expect(codeText("123456")).toBe(
      "123456 is your code. It works for 10 minutes. If you did not ask for it, ignore this text.",
    );
  });
});

describe("the texts", () => {
  const at = Date.UTC(2026, 10, 29, 6, 30);
  const signature = { name: "Ruby", phone: "021 123 4567", siteName: null };

  it("say the time and the provider's first name, and the site's name only when chosen", () => {
    expect(bookingWhen(at)).toBe("Sun 29 Nov, 7:30 pm");
    expect(acceptText({ startsAt: at, minutes: 60, ...signature })).toBe(
      "Confirmed: Sun 29 Nov, 7:30 pm, 1 hour. Text 021 123 4567 about any change. - Ruby",
    );
    expect(suggestText({ startsAt: at, suggestedAt: at + 3_600_000, ...signature })).toBe(
      "Sun 29 Nov, 7:30 pm does not suit. Could you do Sun 29 Nov, 8:30 pm instead? Text 021 123 4567 to confirm. - Ruby",
    );
    expect(declineText({ startsAt: at, ...signature })).toBe("Sorry, Sun 29 Nov, 7:30 pm is not possible. - Ruby");
    for (const text of [
      acceptText({ startsAt: at, minutes: 60, ...signature }),
      declineText({ startsAt: at, ...signature }),
    ])
      expect(text).not.toMatch(/kiwi|companion|escort|booking/i);
    expect(acceptText({ startsAt: at, minutes: 60, ...signature, siteName: "Kiwi Companions" })).toMatch(
      / - Ruby, Kiwi Companions$/,
    );
  });

  it("tell the provider only that something is new, with a link", () => {
    const mail = newRequestEmail("Kiwi Companions", "https://kiwicompanions.co.nz");
    expect(mail.subject).toBe("Kiwi Companions: there is something new on your dashboard");
    expect(mail.text).toContain("https://kiwicompanions.co.nz/dashboard/requests");
    // Nothing of the request: no name, time, number or word of what was asked, only the link.
    expect(mail.text.replace("https://kiwicompanions.co.nz/dashboard/requests", "")).not.toMatch(
      /request|booking|\+64|021|\d:\d\d/i,
    );
  });
});

describe("the booking's time", () => {
  it("is the NZ wall clock's, across both changes of the clocks", () => {
    // An ordinary evening in daylight time.
    expect(nzWallTime("2026-11-29", 19 * 60 + 30)).toBe(Date.UTC(2026, 10, 29, 6, 30));
    // 27 September 2026: clocks go forward at 02:00; the evening is UTC+13.
    const spring = nzWallTime("2026-09-27", 20 * 60);
    expect(spring).toBe(Date.UTC(2026, 8, 27, 7, 0));
    expect(nzClock(spring)).toMatchObject({ date: "2026-09-27", minutes: 1200 });
    // 5 April 2026: clocks go back at 03:00; the evening is UTC+12.
    const autumn = nzWallTime("2026-04-05", 20 * 60);
    expect(nzClock(autumn)).toMatchObject({ date: "2026-04-05", minutes: 1200 });
    expect(nzClock(nzWallTime("2026-09-27", 23 * 60 + 30))).toMatchObject({ date: "2026-09-27", minutes: 1410 });
  });
});

describe("how long things are kept", () => {
  it("a request 30 days past its time, its number until a day past it or a decline, a block 12 months", () => {
    expect(requestDeleteAt(NOW)).toBe(NOW + REQUEST_KEEP_DAYS * 86_400_000);
    expect(numberOpen({ status: "new", startsAt: NOW }, NOW + 86_400_000 - 1)).toBe(true);
    expect(numberOpen({ status: "accepted", startsAt: NOW }, NOW + 86_400_000)).toBe(false);
    expect(numberOpen({ status: "declined", startsAt: NOW + 86_400_000 }, NOW)).toBe(false);
    expect(blockExpiry(Date.UTC(2026, 10, 28))).toBe(Date.UTC(2027, 10, 28));
  });
});

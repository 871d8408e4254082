// The takedown route's pure rules: the form's checks, the case's clock under HDCA s 24 and the
// administrators' decisions (docs/decisions/0063-takedown-cases.md).
import { describe, expect, it } from "vitest";
import {
  answerWindowPassed,
  caseClock,
  newCaseClock,
  parseAdminDecision,
  parseCaseForm,
  parseOwnerAnswer,
  TAKEDOWN_MSG,
} from "~/features/takedowns/rules";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 28, 9, 0);
const details = "These are my photos from my own Instagram account.";

describe("the form", () => {
  const photos = ["p1", "p2", "p3"];

  it("takes a valid request, the address in lower case and only the listing's photos", () => {
    expect(
      parseCaseForm(
        { contact: "  Me@Example.NZ ", kind: "photos", details, confirm: "yes", imageIds: ["p2", "p3", "p2"] },
        photos,
      ),
    ).toEqual({ ok: true, form: { contact: "me@example.nz", kind: "photos", details, imageIds: ["p2", "p3"] } });
    expect(
      parseCaseForm({ contact: "me@example.nz", kind: "listed", details, confirm: "yes", imageIds: ["p1"] }, photos),
    ).toEqual({ ok: true, form: { contact: "me@example.nz", kind: "listed", details, imageIds: [] } });
  });

  it("puts each error beside its field", () => {
    const bad = parseCaseForm({ contact: "not an address", kind: "boredom", details: "short", imageIds: [] }, photos);
    expect(bad).toEqual({
      ok: false,
      errors: {
        contact: TAKEDOWN_MSG.contact,
        kind: TAKEDOWN_MSG.kind,
        details: TAKEDOWN_MSG.details,
        confirm: TAKEDOWN_MSG.confirm,
      },
    });
  });

  it("asks which photos when photos are used, and refuses a photo of another listing", () => {
    const base = { contact: "me@example.nz", kind: "photos", details, confirm: "yes" };
    expect(parseCaseForm({ ...base, imageIds: [] }, photos)).toEqual({
      ok: false,
      errors: { imageIds: TAKEDOWN_MSG.photos },
    });
    expect(parseCaseForm({ ...base, imageIds: ["p1", "elsewhere"] }, photos)).toEqual({
      ok: false,
      errors: { imageIds: TAKEDOWN_MSG.photos },
    });
  });
});

describe("the clock", () => {
  it("gives the owner 48 hours from the notice, which goes out as the case is filed", () => {
    expect(newCaseClock(T0)).toEqual({ notifiedAt: T0, answerDueAt: T0 + 48 * H });
  });

  it("counts down the owner's window, then marks it overdue", () => {
    const waiting = { status: "waiting" as const, createdAt: T0, answerDueAt: T0 + 48 * H, answeredAt: null };
    expect(caseClock(waiting, T0 + 17 * H)).toEqual({
      step: "owner",
      dueAt: T0 + 48 * H,
      overdue: false,
      text: "31 h left",
    });
    expect(caseClock(waiting, T0 + 53 * H)).toMatchObject({ overdue: true, text: "5 h overdue" });
    expect(answerWindowPassed(waiting, T0 + 48 * H - 1)).toBe(false);
    expect(answerWindowPassed(waiting, T0 + 48 * H)).toBe(true);
  });

  it("gives an administrator 48 hours from a disputed answer; the clock never takes a disputed case down", () => {
    const contested = {
      status: "contested" as const,
      createdAt: T0,
      answerDueAt: T0 + 48 * H,
      answeredAt: T0 + 10 * H,
    };
    expect(caseClock(contested, T0 + 20 * H)).toMatchObject({
      step: "administrator",
      dueAt: T0 + 58 * H,
      overdue: false,
    });
    expect(caseClock(contested, T0 + 59 * H)).toMatchObject({ overdue: true, text: "1 h overdue" });
    expect(answerWindowPassed(contested, T0 + 100 * H)).toBe(false);
  });

  it("stops once decided", () => {
    const decided = { status: "decided" as const, createdAt: T0, answerDueAt: T0 + 48 * H, answeredAt: null };
    expect(caseClock(decided, T0 + 500 * H)).toEqual({ step: "none", dueAt: null, overdue: false, text: "" });
    expect(answerWindowPassed(decided, T0 + 500 * H)).toBe(false);
  });
});

describe("answers and decisions", () => {
  it("the owner agrees, or disputes with words", () => {
    expect(parseOwnerAnswer({ choice: "agree" })).toEqual({ ok: true, answer: { agree: true } });
    expect(parseOwnerAnswer({ choice: "dispute", answer: "  These are my own photos.  " })).toEqual({
      ok: true,
      answer: { agree: false, answer: "These are my own photos." },
    });
    expect(parseOwnerAnswer({ choice: "dispute", answer: "no" })).toEqual({
      ok: false,
      errors: { answer: TAKEDOWN_MSG.answer },
    });
    expect(parseOwnerAnswer({})).toEqual({ ok: false, errors: { choice: TAKEDOWN_MSG.answerChoice } });
  });

  it("keeping the content up always states its reason", () => {
    expect(parseAdminDecision("keep_up", "")).toEqual({ ok: false, error: TAKEDOWN_MSG.reason });
    expect(parseAdminDecision("keep_up", "The owner showed the photos are hers.")).toEqual({
      ok: true,
      decision: "keep_up",
      reason: "The owner showed the photos are hers.",
    });
    expect(parseAdminDecision("take_down", "")).toEqual({ ok: true, decision: "take_down", reason: "" });
    expect(parseAdminDecision("delete_everything", "x")).toEqual({ ok: false, error: "Unknown action" });
  });
});

import { describe, expect, it } from "vitest";
import {
  OUTCOME_MSG,
  outcomeField,
  parsePhotoOutcomes,
  reasonField,
  refusalSummary,
  requestStatusOf,
} from "~/features/verification/decisions/photo-outcomes";
import { REJECT_MSG } from "~/features/verification/verification";

const form = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe("a photo request decided photo by photo", () => {
  it("reads each waiting photo's choice, and a refusal's reason", () => {
    const parsed = parsePhotoOutcomes(
      form({
        [outcomeField("a")]: "approve",
        [outcomeField("b")]: "refuse",
        [reasonField("b")]: "  Blurred.\u0007 ",
        // A photo that does not wait under this request is not decided by it.
        [outcomeField("z")]: "approve",
      }),
      ["a", "b"],
    );
    expect(parsed).toEqual({
      ok: true,
      outcomes: [
        { imageId: "a", approved: true },
        { imageId: "b", approved: false, reason: "Blurred." },
      ],
    });
  });

  it("names each field without a choice or a reason", () => {
    expect(
      parsePhotoOutcomes(form({ [outcomeField("a")]: "refuse", [outcomeField("c")]: "maybe" }), ["a", "b", "c"]),
    ).toEqual({
      ok: false,
      errors: {
        [reasonField("a")]: REJECT_MSG.required,
        [outcomeField("b")]: OUTCOME_MSG.choose,
        [outcomeField("c")]: OUTCOME_MSG.choose,
      },
    });
  });

  it("the request is approved when any photo is, and its reason says what was refused and why, each reason once", () => {
    const mixed = [
      { imageId: "a", approved: true as const },
      { imageId: "b", approved: false as const, reason: "Blurred." },
      { imageId: "c", approved: false as const, reason: "Blurred." },
    ];
    expect(requestStatusOf(mixed)).toBe("approved");
    expect(refusalSummary(mixed)).toBe("1 of 3 photos verified; 2 not: Blurred.");
    const refused = [
      { imageId: "b", approved: false as const, reason: "Blurred." },
      { imageId: "c", approved: false as const, reason: "Someone else." },
    ];
    expect(requestStatusOf(refused)).toBe("rejected");
    expect(refusalSummary(refused)).toBe("Blurred. / Someone else.");
    expect(refusalSummary([{ imageId: "a", approved: true }])).toBe("");
  });
});

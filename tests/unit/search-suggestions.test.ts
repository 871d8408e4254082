import { describe, expect, it } from "vitest";
import { highlightAfterAnswer, moveHighlight } from "~/features/search/suggestions";
import type { Suggestion } from "~/features/search/suggestions";

const named = (...ids: string[]): Suggestion[] =>
  ids.map((modelId) => ({ modelId, firstName: modelId, age: null, location: "Auckland", photoUrl: null }));

describe("the search box's highlight", () => {
  it("moves down from the text to the first, past the last back to the text, and up the other way", () => {
    expect(moveHighlight(-1, "ArrowDown", 3)).toBe(0);
    expect(moveHighlight(2, "ArrowDown", 3)).toBe(-1);
    expect(moveHighlight(-1, "ArrowUp", 3)).toBe(2);
    expect(moveHighlight(0, "ArrowUp", 3)).toBe(-1);
    expect(moveHighlight(1, "ArrowDown", 0)).toBe(-1);
  });

  it("stays on the listing it was on when a newer answer still suggests it, wherever it now is", () => {
    expect(highlightAfterAnswer(named("a", "b", "c"), 0, named("a"))).toBe(0);
    expect(highlightAfterAnswer(named("a", "b", "c"), 1, named("c", "b"))).toBe(1);
    expect(highlightAfterAnswer(named("a", "b"), 1, named("b", "a"))).toBe(0);
  });

  it("goes back to the text when the listing is no longer suggested, or nothing was highlighted", () => {
    expect(highlightAfterAnswer(named("a", "b"), 1, named("a", "c"))).toBe(-1);
    expect(highlightAfterAnswer(named("a", "b"), -1, named("a", "b"))).toBe(-1);
    expect(highlightAfterAnswer([], -1, named("a"))).toBe(-1);
  });
});

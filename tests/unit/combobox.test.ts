// The one keyboard combobox (app/ui/useCombobox.ts) in the two ways the site uses it: the header's search box
// (no option highlighted at rest, the arrows pass back through the text, an empty list stays hidden) and the
// editor's suburb picker (one option always highlighted, the arrows stop at the ends, 'No suburbs found.').
import { describe, expect, it } from "vitest";
import { comboboxKey, highlightAfterChange, isShown } from "~/ui/useCombobox";
import type { ComboboxMode, ComboboxState } from "~/ui/useCombobox";

const search = (count: number): ComboboxMode => ({ count, noneHighlighted: true, showsEmpty: false });
const suburbs = (count: number): ComboboxMode => ({ count, noneHighlighted: false, showsEmpty: true });

/** The states a run of keys passes through, from `state`. */
function walk(keys: string[], state: ComboboxState, mode: ComboboxMode): string[] {
  return keys.map((key) => {
    const step = comboboxKey(key, state, mode);
    state = { open: step.open, active: step.active };
    return `${key}: ${step.open ? "open" : "closed"} ${step.active}${step.handled ? "" : " (browser's)"}`;
  });
}

describe("the search box's combobox", () => {
  it("opens on the first or last option, and the arrows pass through the text between them", () => {
    expect(
      walk(["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp"], { open: false, active: -1 }, search(3)),
    ).toEqual(["ArrowDown: open 0", "ArrowDown: open 1", "ArrowDown: open 2", "ArrowDown: open -1", "ArrowUp: open 2"]);
    expect(comboboxKey("ArrowUp", { open: false, active: -1 }, search(3))).toMatchObject({ open: true, active: 2 });
    expect(comboboxKey("ArrowUp", { open: true, active: 0 }, search(3))).toMatchObject({ active: -1 });
  });

  it("leaves the arrows to the browser while there is nothing to suggest", () => {
    expect(comboboxKey("ArrowDown", { open: true, active: -1 }, search(0))).toMatchObject({
      open: true,
      handled: false,
    });
    expect(isShown({ open: true, active: -1 }, search(0))).toBe(false);
  });

  it("chooses the highlighted option with Enter, and leaves Enter on the text to the form", () => {
    expect(comboboxKey("Enter", { open: true, active: 1 }, search(3))).toMatchObject({ choose: 1, handled: true });
    expect(comboboxKey("Enter", { open: true, active: -1 }, search(3))).toMatchObject({ choose: null, handled: false });
    expect(comboboxKey("Enter", { open: false, active: 1 }, search(3))).toMatchObject({ choose: null, handled: false });
  });

  it("closes a shown list with Escape, then leaves the next Escape to the field", () => {
    const closed = comboboxKey("Escape", { open: true, active: 2 }, search(3));
    expect(closed).toMatchObject({ open: false, active: -1, handled: true, escape: "list" });
    expect(comboboxKey("Escape", closed, search(3))).toMatchObject({ handled: false, escape: "field" });
    // Open but with nothing shown: the field's Escape (clearing the text) at once.
    expect(comboboxKey("Escape", { open: true, active: -1 }, search(0))).toMatchObject({ escape: "field" });
  });
});

describe("the suburb picker's combobox", () => {
  it("always highlights one suburb, and the arrows stop at the first and the last", () => {
    expect(
      walk(
        ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowUp", "ArrowUp"],
        { open: true, active: 0 },
        suburbs(3),
      ),
    ).toEqual([
      "ArrowDown: open 1",
      "ArrowDown: open 2",
      "ArrowDown: open 2",
      "ArrowUp: open 1",
      "ArrowUp: open 0",
      "ArrowUp: open 0",
    ]);
  });

  it("opens to say that nothing matches", () => {
    expect(comboboxKey("ArrowDown", { open: false, active: 0 }, suburbs(0))).toMatchObject({
      open: true,
      handled: true,
    });
    expect(isShown({ open: true, active: 0 }, suburbs(0))).toBe(true);
    expect(comboboxKey("Enter", { open: true, active: 0 }, suburbs(0))).toMatchObject({ choose: null, handled: false });
  });

  it("chooses with Enter only from an open list, and Escape closes it back to the first", () => {
    expect(comboboxKey("Enter", { open: true, active: 2 }, suburbs(3))).toMatchObject({ choose: 2 });
    expect(comboboxKey("Enter", { open: false, active: 2 }, suburbs(3))).toMatchObject({ choose: null });
    expect(comboboxKey("Escape", { open: true, active: 2 }, suburbs(3))).toMatchObject({
      open: false,
      active: 0,
      escape: "list",
    });
  });
});

it("leaves every other key to the field", () => {
  for (const key of ["a", "Tab", "Home", " "]) {
    expect(comboboxKey(key, { open: true, active: 1 }, search(3))).toEqual({
      open: true,
      active: 1,
      handled: false,
      choose: null,
      escape: null,
    });
  }
});

describe("new options replacing the list", () => {
  it("keep the highlight on the same option when they still hold it, wherever it now is", () => {
    expect(highlightAfterChange(["a", "b", "c"], 0, ["a"], -1)).toBe(0);
    expect(highlightAfterChange(["a", "b", "c"], 1, ["c", "b"], -1)).toBe(1);
    expect(highlightAfterChange(["a", "b"], 1, ["b", "a"], -1)).toBe(0);
  });

  it("put it back to rest when its option is gone, nothing was highlighted, or the options have no keys", () => {
    expect(highlightAfterChange(["a", "b"], 1, ["a", "c"], -1)).toBe(-1);
    expect(highlightAfterChange(["a", "b"], 1, ["a", "c"], 0)).toBe(0);
    expect(highlightAfterChange(["a", "b"], -1, ["a", "b"], -1)).toBe(-1);
    expect(highlightAfterChange(undefined, 1, undefined, 0)).toBe(0);
  });
});

// The plans page and the FAQ explain the order in the dashboard's and the cards' own name for the switch.
import { describe, expect, it } from "vitest";
import { FAIR_ORDER_TEXT } from "~/features/insights/rotation";

describe("the fair order's words", () => {
  it("call the switch 'Active Now', as the dashboard and the cards do", () => {
    const text = FAIR_ORDER_TEXT.join(" ");
    expect(text).toContain("'Active Now'");
    expect(text).not.toMatch(/available now/i);
  });
});

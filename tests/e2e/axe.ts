import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve("axe-core/axe.min.js");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA rules) on the page and returns the serious and critical
 * violations. The page's context must be opened with bypassCSP, since axe is injected as a script.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // From the top of the page, whatever the test scrolled to: the sticky header covers whatever is under it,
  // and axe counts a field it covers as a touch target too small (target-size), so the answer would depend on
  // where the page happened to be scrolled (after a refusal, to the field it names).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// What an owner is told about a listing that is not public yet, on a phone (390x844, touch): the dashboard
// card's checklist (verify ID, photos, choose a plan, each with its state and link), the profile they open
// ('Only you can see this: hidden until …' with the next step), and one summary at the top of the dashboard
// when a renewal failed, not a card a screen or more down.
import { describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { seriousViolations } from "./axe";
import { MOBILE, useBrowser } from "./browser";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();
// The demo agency: Coco is unverified and unpaid, Jade's renewal failed (past due), Sienna is live.
const agency = useOwnProvider("agency");
const listing = (name: string) => agency.listings.find((l) => l.firstName === name)!;

describe("what an owner still has to do", () => {
  it("shows each unfinished card a checklist with a link per step, and a live one none", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(page, agency);
    const coco = page.getByTestId("dashboard-card").filter({ hasText: "Coco" });
    const steps = coco.getByTestId("setup-checklist");
    await steps.scrollIntoViewIfNeeded();
    await expect(steps.getByTestId("setup-step-id").getAttribute("data-state")).resolves.toBe("todo");
    await expect(steps.getByRole("link", { name: "Get verified for Coco" }).getAttribute("href")).resolves.toBe(
      "/verification",
    );
    await expect(steps.getByTestId("setup-step-photos").getAttribute("data-state")).resolves.toBe("done");
    await expect(steps.getByTestId("setup-step-plan").getAttribute("data-state")).resolves.toBe("todo");
    await steps.getByText("A paid weekly plan is needed to go live.").waitFor();
    // The plans for Coco: the plan chosen there is paid for Coco, with no listing to pick.
    await expect(steps.getByRole("link", { name: "Choose a plan for Coco" }).getAttribute("href")).resolves.toMatch(
      /^\/subscriptions\?listing=\w+$/,
    );
    const sienna = page.getByTestId("dashboard-card").filter({ hasText: "Sienna" });
    await expect(sienna.getByTestId("setup-checklist").count()).resolves.toBe(0);
    await shot(page, "dashboard-checklist-390");
    expect(await seriousViolations(page)).toEqual([]);

    // Sent for review: the step waits, with nothing to do.
    await d1(
      `INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at, document_type)
        VALUES (?, 'id', ?, ?, 'pending', ?, 'nz_licence')`,
      newId(),
      listing("Coco").id,
      agency.id,
      Date.now(),
    );
    await page.reload();
    const idStep = page.getByTestId("dashboard-card").filter({ hasText: "Coco" }).getByTestId("setup-step-id");
    await expect(idStep.getAttribute("data-state")).resolves.toBe("waiting");
    await idStep.getByText("Sent. We review it within 48 hours.").waitFor();
    await d1("DELETE FROM verification_requests WHERE listing_id = ?", listing("Coco").id);
  });

  it("tells the owner of a hidden listing, on its profile, that only they see it and what comes next", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(page, agency, `/view/${listing("Coco").id}`);
    const notice = page.getByTestId("hidden-notice");
    await notice.getByRole("heading", { name: "Only you can see this: hidden until your ID is verified." }).waitFor();
    await expect(notice.getByRole("link", { name: "Get verified" }).getAttribute("href")).resolves.toBe(
      "/verification",
    );
    await notice.getByText("Hidden until it has a paid plan.").waitFor();
    await expect(notice.getByRole("link", { name: "Choose a plan" }).getAttribute("href")).resolves.toBe(
      "/subscriptions",
    );
    // Above the profile, on the first screen.
    expect((await notice.boundingBox())!.y).toBeLessThan(MOBILE.height / 2);
    await shot(page, "owner-hidden-profile-390");
    expect(await seriousViolations(page)).toEqual([]);

    // A live listing's profile says nothing of the kind.
    await page.goto(`/view/${listing("Sienna").id}`);
    await page.getByTestId("profile").waitFor();
    await expect(page.getByTestId("hidden-notice").count()).resolves.toBe(0);
  });

  it("sums up a failed renewal at the top of the dashboard", async () => {
    const [due] = await d1Rows<{ grace_until: number }>(
      "SELECT grace_until FROM subscriptions WHERE listing_id = ? AND status = 'past_due'",
      listing("Jade").id,
    );
    expect(due, "the demo agency's Jade is past due").toBeDefined();
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(page, agency);
    const summary = page.getByTestId("payments-due");
    await summary.getByText(/^1 listing needs payment by .+: Jade\.$/).waitFor();
    // In the first screen, above the cards.
    expect((await summary.boundingBox())!.y + 40).toBeLessThan(MOBILE.height);
    const firstCard = (await page.getByTestId("dashboard-card").first().boundingBox())!;
    expect(firstCard.y).toBeGreaterThan((await summary.boundingBox())!.y);
    await expect(summary.getByRole("link", { name: "Pay now" }).getAttribute("href")).resolves.toBe("/managesub");
    await shot(page, "dashboard-payments-due-390");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// A long unbroken name on a phone (390 px): the editor shows each text field's limit, so a longer paste is
// not cut without a word, and the name wraps on every page that shows it rather than widening the page.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newId } from "../../app/platform/data/ids";
import { LIMITS } from "../../app/features/listings/schema";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { d1 } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const provider = useOwnProvider("independent");
// As long as a name may be, with no place to break it.
const LONG = "Wharekauhau".repeat(5).slice(0, LIMITS.firstName);

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("a long unbroken name", () => {
  it("is shown against its limit in the editor, and wraps on the owner's and the administrators' pages", async () => {
    const listingId = provider.listings[0].id;
    await d1("UPDATE listings SET first_name = ? WHERE id = ?", LONG, listingId);
    await d1(
      `INSERT INTO verification_requests (id, kind, listing_id, user_id, status, created_at, document_type)
        VALUES (?, 'id', ?, ?, 'pending', ?, 'passport')`,
      newId(),
      listingId,
      provider.id,
      Date.now(),
    );

    const owner = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(owner.page, provider, `/profile/edit/${listingId}`);
    const limit = owner.page.getByTestId("limit-firstName");
    await expect(limit.textContent()).resolves.toBe(
      `${LIMITS.firstName} / ${LIMITS.firstName} characters: the most this field takes`,
    );
    expect(await width(owner.page)).toBeLessThanOrEqual(MOBILE.width);
    await shot(owner.page, "editor-name-limit-390");
    expect(await seriousViolations(owner.page)).toEqual([]);
    for (const path of ["/dashboard", `/view/${listingId}`]) {
      await owner.page.goto(path);
      await hydrated(owner.page);
      expect(await width(owner.page), path).toBeLessThanOrEqual(MOBILE.width);
    }

    const admin = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await signInAdmin(admin.context, await makeAdministrator());
    await admin.page.goto("/admin/verifications");
    await hydrated(admin.page);
    await admin.page
      .getByTestId("verification-request")
      .filter({ hasText: LONG.slice(0, 20) })
      .first()
      .waitFor();
    expect(await width(admin.page)).toBeLessThanOrEqual(MOBILE.width);
    await shot(admin.page, "admin-verifications-long-name-390", { fullPage: true });
    expect(await seriousViolations(admin.page)).toEqual([]);
    await d1("DELETE FROM verification_requests WHERE listing_id = ?", listingId);
  });
});
